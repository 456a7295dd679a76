// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  advanceRollout,
  LEASE_MS,
  renewLease,
  resumeRollout,
  rollBackRollout,
  startRollout,
  stopRollout,
  type ControllerInput,
  type FleetKiosk,
} from './rollout-controller';
import type { KioskObservation } from './rollout-gate';
import { selectKiosks } from './rollout-selector';
import type { RolloutState } from './rollout-state';
import { onlineFleet, rolloutPlan, T0 } from '../../../tests/support/fixtures/rollout';

const fleet = onlineFleet(40);
const plan = rolloutPlan();

function input(
  state: RolloutState,
  now: number,
  overrides: Partial<ControllerInput> = {},
): ControllerInput {
  return {
    state,
    fleet,
    previous: () => ({ version: 0, keys: null, notAfter: null }),
    observations: new Map(),
    configTopic: (id) => `kiosk-shop/kiosks/${id}/config`,
    now,
    holder: 'console-a',
    ...overrides,
  };
}

/** Every delivered kiosk online with its version in force. */
const allHealthy = (state: RolloutState) =>
  new Map<string, KioskObservation>(
    state.delivered.map((entry) => [
      entry.kioskId,
      {
        online: true,
        restartsSince: 0,
        configVersion: entry.version,
        appVersion: '0.1.0',
        refusals: [],
        update: null,
      },
    ]),
  );

/** The first move, which must be one. */
function first(state: RolloutState, now: number) {
  const moved = advanceRollout(input(state, now));
  if (!moved) throw new Error('expected a move');
  return moved;
}

describe('a watched rollout', () => {
  it('delivers its first step to exactly the kiosks the step selects, one version up', () => {
    const state = startRollout(plan, 'console-a', T0);
    const moved = first(state, T0 + 1);
    const expected = selectKiosks(plan.id, plan.scope, plan.steps.slice(0, 1), fleet);
    expect(moved.state.phase).toBe('waiting-for-gate');
    expect(moved.actions).toHaveLength(1);
    const [action] = moved.actions;
    expect(action?.type).toBe('deliver');
    expect(action?.deliveries.map((entry) => entry.kioskId)).toEqual(expected);
    expect(action?.deliveries.every((entry) => entry.version === 1 && entry.step === 0)).toBe(true);
    expect(moved.state.revision).toBe(1);
  });

  it('delivers to no kiosk that is offline; it gets the step when it comes back', () => {
    const expected = selectKiosks(plan.id, plan.scope, plan.steps.slice(0, 1), fleet);
    const away = expected[0] ?? '';
    const partly: FleetKiosk[] = fleet.map((kiosk) =>
      kiosk.kioskId === away ? { ...kiosk, online: false } : kiosk,
    );
    const moved = advanceRollout(
      input(startRollout(plan, 'console-a', T0), T0 + 1, { fleet: partly }),
    );
    expect(moved?.state.delivered.map((entry) => entry.kioskId)).not.toContain(away);
    const later = advanceRollout(input(moved?.state as RolloutState, T0 + 2));
    expect(later?.actions[0]?.deliveries.map((entry) => entry.kioskId)).toEqual([away]);
  });

  it('widens after the gate passes, step by step, then is done', () => {
    let state = first(startRollout(plan, 'console-a', T0), T0).state;
    let now = T0;
    const seen: string[] = [state.phase];
    for (let round = 0; round < 10 && state.phase !== 'done'; round += 1) {
      now += 60_000;
      state = { ...state, lease: { holder: 'console-a', until: now + LEASE_MS } };
      const moved = advanceRollout(input(state, now, { observations: allHealthy(state) }));
      if (!moved) break;
      state = moved.state;
      seen.push(state.phase);
    }
    expect(seen).toEqual([
      'waiting-for-gate',
      'widening',
      'waiting-for-gate',
      'widening',
      'waiting-for-gate',
      'done',
    ]);
    expect(state.delivered).toHaveLength(40);
    expect(state.lease).toBeNull();
    expect(state.reason).toBeNull();
  });

  it('is done without a kiosk that stayed offline, and says so, naming it', () => {
    const away = 'kiosk-007';
    const partly: FleetKiosk[] = fleet.map((kiosk) =>
      kiosk.kioskId === away ? { ...kiosk, online: false } : kiosk,
    );
    expect(partly.some((kiosk) => kiosk.kioskId === away)).toBe(true);
    let state = startRollout(plan, 'console-a', T0);
    let now = T0;
    for (let round = 0; round < 12 && state.phase !== 'done'; round += 1) {
      now += 60_000;
      state = { ...state, lease: { holder: 'console-a', until: now + LEASE_MS } };
      const moved = advanceRollout(
        input(state, now, { fleet: partly, observations: allHealthy(state) }),
      );
      if (!moved) break;
      state = moved.state;
    }
    expect(state.phase).toBe('done');
    expect(state.delivered).toHaveLength(39);
    expect(state.reason).toBe(
      `1 kiosk it reaches never got it, offline throughout: ${away}. Start a rollout for them once they are back.`,
    );
  });

  it('rolls back, naming why, when its canaries go offline', () => {
    const delivered = first(startRollout(plan, 'console-a', T0), T0).state;
    const gone = new Map(
      [...allHealthy(delivered)].map(([id, seen]) => [id, { ...seen, online: false }]),
    );
    const watched = { ...delivered, lease: { holder: 'console-a', until: T0 + 90_000 } };
    const moved = advanceRollout(input(watched, T0 + 60_000, { observations: gone }));
    expect(moved?.state.phase).toBe('rolled-back');
    expect(moved?.state.reason).toMatch(/failing, more than 0: kiosk-\d+ \(offline\)/);
    expect(moved?.actions).toEqual([{ type: 'roll-back', deliveries: delivered.delivered }]);
    // Unwatched, the same failures roll nothing back by themselves: it waits for an operator.
    expect(advanceRollout(input(delivered, T0 + 60_000, { observations: gone }))).toBeNull();
  });
});

describe('an unwatched rollout', () => {
  it('never moves without a fresh lease of its own', () => {
    const delivered = first(startRollout(plan, 'console-a', T0), T0).state;
    const observations = allHealthy(delivered);
    const past = T0 + 120_000;
    // Watched, the gate passes and it widens: the unwatched cases below differ only in the lease.
    const watched = { ...delivered, lease: { holder: 'console-a', until: past + 1 } };
    expect(advanceRollout(input(watched, past, { observations }))?.state.phase).toBe('widening');
    // The lease lapsed: the gate would pass, but nothing widens.
    expect(advanceRollout(input(delivered, past, { observations }))).toBeNull();
    // Another console, however fresh its view, does not move one the first console watches.
    expect(advanceRollout(input(watched, past, { observations, holder: 'console-b' }))).toBeNull();
    expect(advanceRollout(input({ ...delivered, lease: null }, past, { observations }))).toBeNull();
  });

  it('resumes only when an operator takes the lease, then weighs the gate again', () => {
    const delivered = first(startRollout(plan, 'console-a', T0), T0).state;
    const lapsed = T0 + 120_000;
    const resumed = resumeRollout(delivered, 'console-b', lapsed);
    expect(resumed?.lease).toEqual({ holder: 'console-b', until: lapsed + LEASE_MS });
    expect(resumed?.phase).toBe('waiting-for-gate');
    const moved = advanceRollout(
      input(resumed as RolloutState, lapsed, {
        holder: 'console-b',
        observations: allHealthy(delivered),
      }),
    );
    expect(moved?.state.phase).toBe('widening');
  });

  it('cannot be resumed by a second console while the first watches it', () => {
    const state = startRollout(plan, 'console-a', T0);
    expect(resumeRollout(state, 'console-b', T0 + 1000)).toBeNull();
  });

  it('keeps its lease only while its holder renews it in time', () => {
    const state = startRollout(plan, 'console-a', T0);
    expect(renewLease(state, 'console-a', T0 + 10_000)?.lease?.until).toBe(T0 + 10_000 + LEASE_MS);
    expect(renewLease(state, 'console-b', T0 + 10_000)).toBeNull();
    expect(renewLease(state, 'console-a', T0 + LEASE_MS)).toBeNull();
  });
});

describe('the operator stops and rolls back', () => {
  it('stops: nothing more is delivered, and no lease drives it', () => {
    const delivered = first(startRollout(plan, 'console-a', T0), T0).state;
    const stopped = stopRollout(delivered, T0 + 5, 'stopped by the operator');
    expect(stopped?.phase).toBe('stopped');
    expect(stopped?.lease).toBeNull();
    expect(advanceRollout(input(stopped as RolloutState, T0 + 6))).toBeNull();
    const resumed = resumeRollout(stopped as RolloutState, 'console-a', T0 + 7);
    expect(resumed?.phase).toBe('waiting-for-gate');
  });

  it('rolls back exactly the kiosks that received it, and only once', () => {
    const delivered = first(startRollout(plan, 'console-a', T0), T0).state;
    const rolled = rollBackRollout(delivered, T0 + 5, 'rolled back by the operator');
    expect(rolled?.actions).toEqual([{ type: 'roll-back', deliveries: delivered.delivered }]);
    expect(rollBackRollout(rolled?.state as RolloutState, T0 + 6, 'again')).toBeNull();
    expect(resumeRollout(rolled?.state as RolloutState, 'console-a', T0 + 7)).toBeNull();
  });
});
