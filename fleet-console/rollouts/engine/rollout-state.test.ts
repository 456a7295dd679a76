// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startRollout } from './rollout-controller';
import {
  holdsLease,
  MAX_ROLLOUT_STATE_BYTES,
  readRolloutState,
  shownPhase,
  type RolloutState,
} from './rollout-state';
import { rolloutPlan, T0 } from '../../../tests/support/fixtures/rollout';

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

function sampleState(): RolloutState {
  return {
    ...startRollout(rolloutPlan(), 'console-a', T0),
    phase: 'waiting-for-gate',
    delivered: [
      {
        kioskId: 'kiosk-001',
        step: 0,
        version: 3,
        at: T0,
        previous: {
          version: 2,
          keys: { printerName: 'Slip' },
          notAfter: '2026-12-01T00:00:00.000Z',
        },
      },
    ],
  };
}

describe('reading a rollout state from the broker', () => {
  it('reads the state a console writes', () => {
    const state = sampleState();
    expect(readRolloutState(encode(state))).toEqual(state);
  });

  it('reads nothing from bytes that are not a state', () => {
    expect(readRolloutState(new Uint8Array())).toBeNull();
    expect(readRolloutState(new TextEncoder().encode('{"type":"rollout"'))).toBeNull();
    expect(readRolloutState(new Uint8Array([0xff, 0xfe]))).toBeNull();
    expect(readRolloutState(encode({ ...sampleState(), extra: true }))).toBeNull();
    expect(readRolloutState(encode({ ...sampleState(), phase: 'widening-fast' }))).toBeNull();
  });

  it('refuses a step past the plan, a kiosk recorded twice, or a delivery of a later step', () => {
    const state = sampleState();
    expect(readRolloutState(encode({ ...state, step: 3 }))).toBeNull();
    expect(
      readRolloutState(encode({ ...state, delivered: [state.delivered[0], state.delivered[0]] })),
    ).toBeNull();
    const later = { ...state.delivered[0], step: 1 };
    expect(readRolloutState(encode({ ...state, delivered: [later] }))).toBeNull();
  });

  it('refuses a delivery to a wildcard or to every kiosk', () => {
    const state = sampleState();
    for (const kioskId of ['+', '#', 'all', 'a/b']) {
      const bad = { ...state.delivered[0], kioskId };
      expect(readRolloutState(encode({ ...state, delivered: [bad] }))).toBeNull();
    }
  });

  it('reads nothing over the size limit, before parsing it', () => {
    const big = new Uint8Array(MAX_ROLLOUT_STATE_BYTES + 1).fill(0x20);
    expect(readRolloutState(big)).toBeNull();
  });

  it('never throws, and reads only states that pass every rule, from random and mutated bytes', () => {
    const valid = encode(sampleState());
    const mutated = fc
      .array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), {
        minLength: 1,
        maxLength: 8,
      })
      .map((changes) => {
        const bytes = new Uint8Array(valid);
        for (const [at, value] of changes) bytes[at] = value;
        return bytes;
      });
    const jsonLike = fc
      .record({
        phase: fc.oneof(fc.constant('done'), fc.string()),
        step: fc.integer({ min: -2, max: 20 }),
        revision: fc.oneof(fc.integer(), fc.double()),
      })
      .map((patch) => encode({ ...sampleState(), ...patch }));
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 3000 }), mutated, jsonLike), (bytes) => {
        const state = readRolloutState(bytes);
        if (state === null) return;
        expect(state.step).toBeLessThan(state.plan.steps.length);
        expect(state.delivered.every((entry) => entry.step <= state.step)).toBe(true);
        expect(Number.isInteger(state.revision)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('the lease', () => {
  it('is held by its holder until it lapses', () => {
    const state = startRollout(rolloutPlan(), 'console-a', T0);
    expect(holdsLease(state, 'console-a', T0 + 1000)).toBe(true);
    expect(holdsLease(state, 'console-b', T0 + 1000)).toBe(false);
    expect(holdsLease(state, 'console-a', T0 + 30_000)).toBe(false);
  });

  it('shows an active rollout whose lease lapsed as paused, and the others as they are', () => {
    const state = startRollout(rolloutPlan(), 'console-a', T0);
    expect(shownPhase(state, T0)).toBe('running');
    expect(shownPhase(state, T0 + 30_000)).toBe('paused');
    expect(shownPhase({ ...state, lease: null }, T0)).toBe('paused');
    expect(shownPhase({ ...state, phase: 'done', lease: null }, T0 + 60_000)).toBe('done');
    expect(shownPhase({ ...state, phase: 'stopped', lease: null }, T0)).toBe('stopped');
  });
});
