import { describe, expect, it } from 'vitest';
import { startRollout } from './rollout-controller';
import { createRolloutWatch } from './rollout-watch';
import { sampleHealth } from '../../../tests/support/fixtures/kiosk-health';
import { OFFLINE, onlineStatus } from '../../../tests/support/fixtures/kiosk-status';
import { rolloutPlan, T0 } from '../../../tests/support/fixtures/rollout';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const P = 'kiosk-shop';

describe('what a console keeps to drive rollouts', () => {
  it('folds status into the fleet, with store and region when the status has them', () => {
    const watch = createRolloutWatch(P);
    watch.receive(
      `${P}/kiosks/kiosk-a/status`,
      bytes({ ...onlineStatus(), store: 's1', region: 'r1' }),
      T0,
    );
    watch.receive(`${P}/kiosks/kiosk-b/status`, bytes(OFFLINE), T0);
    expect(watch.fleet()).toEqual([
      { kioskId: 'kiosk-a', store: 's1', region: 'r1', online: true },
      { kioskId: 'kiosk-b', online: false },
    ]);
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
});
