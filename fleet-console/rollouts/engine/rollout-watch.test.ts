// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceRollout, startRollout } from './rollout-controller';
import { observationsFor } from './rollout-observations';
import type { RolloutState } from './rollout-state';
import { createRolloutWatch } from './rollout-watch';
import { sampleHealth } from '../../../tests/support/fixtures/kiosk-health';
import { OFFLINE, onlineStatus } from '../../../tests/support/fixtures/kiosk-status';
import { rolloutPlan, T0 } from '../../../tests/support/fixtures/rollout';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const P = 'kiosk-shop';

describe('what a console keeps to drive rollouts', () => {
  it('folds status into the fleet, its store and region from its certificate alone', () => {
    const watch = createRolloutWatch(P);
    watch.receive(
      `${P}/kiosks/kiosk-a/status`,
      bytes({ ...onlineStatus(), store: 'lyon-1', region: 'eu-west' }),
      T0,
    );
    watch.receive(`${P}/kiosks/kiosk-b/status`, bytes(OFFLINE), T0);
    // What the status says of its groups puts it in none.
    expect(watch.fleet()).toEqual([
      { kioskId: 'kiosk-a', online: true },
      { kioskId: 'kiosk-b', online: false },
    ]);
    watch.certify(new Map([['kiosk-a', { store: 'paris-9', region: null, serial: 's-1' }]]), false);
    expect(watch.fleet()).toEqual([
      { kioskId: 'kiosk-a', store: 'paris-9', online: true },
      { kioskId: 'kiosk-b', online: false },
    ]);
  });

  it('where certificates are checked, leaves a kiosk with none out of every rollout’s fleet', () => {
    const watch = createRolloutWatch(P);
    watch.receive(`${P}/kiosks/kiosk-a/status`, bytes(onlineStatus()), T0);
    watch.receive(`${P}/kiosks/counter-1/status`, bytes(onlineStatus()), T0);
    watch.certify(new Map([['kiosk-a', { store: 'lyon-1', region: null, serial: 's-1' }]]), true);
    expect(watch.fleet()).toEqual([{ kioskId: 'kiosk-a', store: 'lyon-1', online: true }]);
  });

  it('keeps at most its bound of kiosks, certified ones first, and counts what it dropped', () => {
    const watch = createRolloutWatch(P, 3);
    watch.certify(new Map([['kiosk-a', { store: 'lyon-1', region: null, serial: 's-1' }]]), true);
    for (let n = 0; n < 10; n += 1) {
      watch.receive(`${P}/kiosks/forged-${n}/status`, bytes(onlineStatus()), T0);
    }
    expect(watch.kiosks().size).toBe(3);
    expect(watch.dropped()).toBe(7);
    watch.receive(`${P}/kiosks/kiosk-a/status`, bytes(onlineStatus()), T0);
    expect(watch.kiosks().has('kiosk-a')).toBe(true);
    expect(watch.kiosks().has('forged-0')).toBe(false);
    expect(watch.fleet()).toEqual([{ kioskId: 'kiosk-a', store: 'lyon-1', online: true }]);
  });

  it('counts each new start time as a restart', () => {
    const watch = createRolloutWatch(P);
    const topic = `${P}/kiosks/kiosk-a/status`;
    watch.receive(topic, bytes(onlineStatus({ startedAt: '2026-11-26T08:00:00.000Z' })), T0);
    watch.receive(topic, bytes(onlineStatus({ startedAt: '2026-11-26T08:00:00.000Z' })), T0 + 1);
    watch.receive(topic, bytes(OFFLINE), T0 + 2);
    watch.receive(topic, bytes(onlineStatus({ startedAt: '2026-11-26T08:01:00.000Z' })), T0 + 3);
    expect(watch.kiosks().get('kiosk-a')?.restarts).toEqual([T0 + 3]);
  });

  it('reads the config version and refusals from health', () => {
    const watch = createRolloutWatch(P);
    const refusal = {
      at: '2026-11-26T08:00:05.000Z',
      topic: `${P}/kiosks/kiosk-a/config`,
      reason: 'bad signature',
    };
    watch.receive(
      `${P}/kiosks/kiosk-a/health`,
      bytes(sampleHealth({ config: { version: 4, refusals: [refusal] } })),
      T0,
    );
    const seen = watch.kiosks().get('kiosk-a');
    expect(seen?.configVersion).toBe(4);
    expect(seen?.refusals).toEqual([{ ...refusal, at: Date.parse(refusal.at) }]);
  });

  it('keeps what each kiosk has on its own config topic, and what a withdrawal leaves', () => {
    const watch = createRolloutWatch(P);
    const topic = `${P}/kiosks/kiosk-a/config`;
    expect(watch.previous('kiosk-a')).toEqual({ version: 0, keys: null, notAfter: null });
    const config = {
      version: 3,
      target: 'kiosk-a',
      prefix: P,
      notAfter: '2026-12-01T00:00:00.000Z',
      printerName: 'Slip',
    };
    watch.receive(topic, bytes({ config, signature: 'A'.repeat(86) }), T0);
    expect(watch.previous('kiosk-a')).toEqual({
      version: 3,
      keys: { printerName: 'Slip' },
      notAfter: config.notAfter,
    });
    // Garbage and an empty message keep the version known: a rollback must go above it.
    watch.receive(topic, bytes({ nonsense: true }), T0);
    watch.receive(topic, new Uint8Array(), T0);
    expect(watch.previous('kiosk-a').version).toBe(3);
    const tombstone = {
      version: 4,
      target: 'kiosk-a',
      prefix: P,
      notAfter: config.notAfter,
      tombstone: true,
    };
    watch.receive(topic, bytes({ config: tombstone, signature: 'A'.repeat(86) }), T0);
    expect(watch.previous('kiosk-a')).toEqual({ version: 4, keys: null, notAfter: null });
  });

  it('keeps each rollout state, and marks an unreadable one or one on another id as unreadable', () => {
    const watch = createRolloutWatch(P);
    const state = startRollout(rolloutPlan(), 'console-a', T0);
    watch.receive(`${P}/fleet/rollouts/idle-90`, bytes(state), T0);
    expect(watch.rollouts().get('idle-90')).toEqual(state);
    watch.receive(`${P}/fleet/rollouts/other`, bytes(state), T0);
    expect(watch.rollouts().get('other')).toBeNull();
    watch.receive(`${P}/fleet/rollouts/idle-90`, bytes({ ...state, phase: 'hurry' }), T0);
    expect(watch.rollouts().get('idle-90')).toBeNull();
    watch.receive(`${P}/fleet/rollouts/idle-90`, new Uint8Array(), T0);
    expect(watch.rollouts().has('idle-90')).toBe(false);
    expect(watch.receive(`${P}/fleet/rollouts/+`, bytes(state), T0)).toBe(false);
  });

  it('reads random and mutated messages from anyone without throwing, and keeps no more than its bound', () => {
    const valid = bytes({ ...onlineStatus(), store: 'lyon-1' });
    const payload = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.nat({ max: valid.length - 1 }).map((index) => {
        const copy = new Uint8Array(valid);
        copy[index] = (copy[index] ?? 0) ^ 0x20;
        return copy;
      }),
      fc.constant(valid),
    );
    const topic = fc.oneof(
      fc
        .tuple(
          fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
          fc.constantFrom('status', 'health', 'config', 'acks'),
        )
        .map(([id, leaf]) => `${P}/kiosks/${id}/${leaf}`),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/).map((id) => `${P}/fleet/rollouts/${id}`),
      fc.string({ maxLength: 60 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(topic, payload), { maxLength: 60 }), (messages) => {
        const watch = createRolloutWatch(P, 8);
        for (const [where, what] of messages) watch.receive(where, what, T0);
        expect(watch.kiosks().size).toBeLessThanOrEqual(8);
        expect(watch.fleet().length).toBeLessThanOrEqual(8);
      }),
      { numRuns: 200 },
    );
  });

  describe('a kiosk whose status names another store than its certificate', () => {
    const LYON = { store: 'lyon-1', region: 'eu-west' };
    const certified = new Map([
      ['lyon-a', { ...LYON, serial: 's-a' }],
      ['lyon-b', { ...LYON, serial: 's-b' }],
      ['kiosk-x', { store: 'paris-9', region: 'eu-north', serial: 's-x' }],
    ]);
    const lyonPlan = rolloutPlan({
      scope: { kind: 'store', store: 'lyon-1' },
      steps: [{ kind: 'all' }],
    });

    /** Three kiosks online, each saying lyon-1; the console certified kiosk-x for paris-9. */
    function lyonFleet() {
      const watch = createRolloutWatch(P);
      for (const id of ['lyon-a', 'lyon-b', 'kiosk-x']) {
        watch.receive(`${P}/kiosks/${id}/status`, bytes({ ...onlineStatus(), ...LYON }), T0);
      }
      watch.certify(certified, true);
      return watch;
    }

    const tick = (watch: ReturnType<typeof createRolloutWatch>, state: RolloutState, now: number) =>
      advanceRollout({
        state,
        fleet: watch.fleet(),
        previous: (kioskId) => watch.previous(kioskId),
        observations: observationsFor(state.delivered, watch.kiosks()),
        configTopic: (kioskId) => `${P}/kiosks/${kioskId}/config`,
        now,
        holder: 'console-a',
      });

    /** kiosk-x's own login says it refused a config on its own topic. */
    const refuse = (watch: ReturnType<typeof createRolloutWatch>, at: number) =>
      watch.receive(
        `${P}/kiosks/kiosk-x/health`,
        bytes(
          sampleHealth({
            config: {
              version: null,
              refusals: [
                {
                  at: new Date(at).toISOString(),
                  topic: `${P}/kiosks/kiosk-x/config`,
                  reason: 'bad signature',
                },
              ],
            },
          }),
        ),
        at,
      );

    it('is never part of that store’s rollout, and its refusals roll nothing back', () => {
      const watch = lyonFleet();
      const moved = tick(watch, startRollout(lyonPlan, 'console-a', T0), T0);
      expect(moved?.state.delivered.map((entry) => entry.kioskId)).toEqual(['lyon-a', 'lyon-b']);
      refuse(watch, T0 + 1000);
      expect(watch.kiosks().get('kiosk-x')?.refusals).toHaveLength(1);
      const next = moved && tick(watch, moved.state, T0 + 2000);
      expect(next?.state.phase ?? moved?.state.phase).toBe('waiting-for-gate');
    });

    it('weighs nothing in a rollout it received before its certificate moved it out', () => {
      const watch = lyonFleet();
      // Reached while it was (as far as the console then knew) in lyon-1.
      const state: RolloutState = {
        ...startRollout(lyonPlan, 'console-a', T0),
        phase: 'waiting-for-gate',
        delivered: ['lyon-a', 'kiosk-x'].map((kioskId) => ({
          kioskId,
          step: 0,
          version: 1,
          at: T0,
          previous: { version: 0, keys: null, notAfter: null },
        })),
      };
      refuse(watch, T0 + 1000);
      expect(tick(watch, state, T0 + 2000)?.state.phase).not.toBe('rolled-back');
      // Had it still been certified for lyon-1, the same refusal would have rolled it back.
      watch.certify(new Map([...certified, ['kiosk-x', { ...LYON, serial: 's-x2' }]]), true);
      expect(tick(watch, state, T0 + 2000)?.state.phase).toBe('rolled-back');
    });
  });
});
