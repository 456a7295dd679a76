import { describe, expect, it } from 'vitest';
import { evaluateGate, kioskVerdict, type GateInput, type KioskObservation } from './rollout-gate';
import type { Delivery } from './rollout-state';
import { T0 } from '../../../tests/support/fixtures/rollout';

const topic = (id: string) => `kiosk-shop/kiosks/${id}/config`;
const input = (now: number, overrides: Partial<GateInput> = {}): GateInput => ({
  payload: { kind: 'config', keys: { idleTimeoutSeconds: 90 } },
  gate: { windowSeconds: 60, maxFailing: 0, crashLoopRestarts: 3 },
  configTopic: topic,
  now,
  ...overrides,
});
const delivery = (kioskId: string, version = 1, step = 0): Delivery => ({
  kioskId,
  step,
  version,
  at: T0,
  previous: { version: version - 1, keys: null, notAfter: null },
});
const seen = (overrides: Partial<KioskObservation> = {}): KioskObservation => ({
  online: true,
  restartsSince: 0,
  configVersion: 1,
  appVersion: '0.1.0',
  refusals: [],
  update: null,
  ...overrides,
});

describe('one kiosk under the health gate', () => {
  it('is healthy once online with the version signed for it in force', () => {
    expect(kioskVerdict(delivery('k1'), seen(), input(T0 + 1000))).toEqual({ state: 'healthy' });
  });

  it('is pending while the window runs, then fails when it has not come back online', () => {
    const offline = seen({ online: false, configVersion: null });
    expect(kioskVerdict(delivery('k1'), offline, input(T0 + 59_000)).state).toBe('pending');
    expect(kioskVerdict(delivery('k1'), offline, input(T0 + 60_000))).toEqual({
      state: 'failing',
      why: 'offline',
    });
    expect(kioskVerdict(delivery('k1'), undefined, input(T0 + 60_000))).toEqual({
      state: 'failing',
      why: 'offline',
    });
  });

  it('fails in a crash loop, even while the window runs', () => {
    expect(kioskVerdict(delivery('k1'), seen({ restartsSince: 3 }), input(T0 + 1000))).toEqual({
      state: 'failing',
      why: 'crash loop',
    });
    expect(kioskVerdict(delivery('k1'), seen({ restartsSince: 2 }), input(T0 + 1000)).state).toBe(
      'healthy',
    );
  });

  it('fails when it refused the config on its own topic since, not for older or other refusals', () => {
    const refusal = (at: number, where: string) => ({ at, topic: where, reason: 'bad signature' });
    expect(
      kioskVerdict(
        delivery('k1'),
        seen({ refusals: [refusal(T0 + 5, topic('k1'))] }),
        input(T0 + 10),
      ),
    ).toEqual({ state: 'failing', why: 'refused' });
    expect(
      kioskVerdict(
        delivery('k1'),
        seen({
          refusals: [refusal(T0 - 5, topic('k1')), refusal(T0 + 5, 'kiosk-shop/fleet/config')],
        }),
        input(T0 + 10),
      ).state,
    ).toBe('healthy');
  });

  it('fails when online after the window without the config in force', () => {
    const old = seen({ configVersion: null });
    expect(kioskVerdict(delivery('k1'), old, input(T0 + 10)).state).toBe('pending');
    expect(kioskVerdict(delivery('k1'), old, input(T0 + 60_000))).toEqual({
      state: 'failing',
      why: 'not in force',
    });
  });

  it('for an app version: healthy once the version runs, failing on an update error', () => {
    const version = input(T0 + 10, { payload: { kind: 'version', version: '1.4.0' } });
    expect(kioskVerdict(delivery('k1'), seen(), version).state).toBe('pending');
    expect(kioskVerdict(delivery('k1'), seen({ appVersion: '1.4.0' }), version).state).toBe(
      'healthy',
    );
    expect(
      kioskVerdict(delivery('k1'), seen({ update: { state: 'error', at: T0 + 5 } }), version),
    ).toEqual({ state: 'failing', why: 'update error' });
  });
});

describe('the gate over the steps so far', () => {
  const observations = new Map([
    ['k1', seen()],
    ['k2', seen({ online: false, configVersion: null })],
  ]);

  it('waits for the window and for every kiosk, then widens', () => {
    const healthy = new Map([['k1', seen()]]);
    expect(evaluateGate([delivery('k1')], healthy, T0, 3, input(T0 + 1000)).decision).toBe('wait');
    const after = evaluateGate([delivery('k1')], healthy, T0, 3, input(T0 + 60_000));
    expect(after.decision).toBe('widen');
    expect(after.counts).toEqual({ received: 1, acked: 1, healthy: 1, failing: 0, pending: 0 });
  });

  it('rolls back once more kiosks fail than the threshold allows, naming them', () => {
    const result = evaluateGate(
      [delivery('k1'), delivery('k2')],
      observations,
      T0,
      3,
      input(T0 + 60_000),
    );
    expect(result.decision).toBe('roll back');
    expect(result.failing).toEqual([{ kioskId: 'k2', why: 'offline' }]);
    const tolerant = input(T0 + 60_000, {
      gate: { windowSeconds: 60, maxFailing: 1, crashLoopRestarts: 3 },
    });
    expect(
      evaluateGate([delivery('k1'), delivery('k2')], observations, T0, 3, tolerant).decision,
    ).toBe('widen');
  });

  it('never widens a step that reached nobody', () => {
    expect(evaluateGate([], new Map(), T0, 3, input(T0 + 600_000)).decision).toBe('wait');
  });

  it('counts per step', () => {
    const result = evaluateGate(
      [delivery('k1', 1, 0), delivery('k2', 1, 1)],
      observations,
      T0,
      3,
      input(T0 + 1000),
    );
    expect(result.perStep[0]).toEqual({
      received: 1,
      acked: 1,
      healthy: 1,
      failing: 0,
      pending: 0,
    });
    expect(result.perStep[1]).toEqual({
      received: 1,
      acked: 0,
      healthy: 0,
      failing: 0,
      pending: 1,
    });
    expect(result.perStep[2]).toEqual({
      received: 0,
      acked: 0,
      healthy: 0,
      failing: 0,
      pending: 0,
    });
  });
});
