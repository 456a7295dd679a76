import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startRollout } from './engine/rollout-controller';
import { createRolloutWatch } from './engine/rollout-watch';
import { readMessage } from '../protocol/read-message';
import { foldRolloutMessages } from './rollout-store';

const P = 'kiosk-shop';
const T0 = Date.parse('2026-11-26T08:00:00.000Z');
const state = startRollout(
  {
    id: 'idle-90',
    title: 'Idle 90',
    payload: { kind: 'config', keys: { idleTimeoutSeconds: 90 } },
    scope: { kind: 'all' },
    steps: [{ kind: 'percentage', percent: 10 }, { kind: 'all' }],
    gate: { windowSeconds: 60, maxFailing: 0, crashLoopRestarts: 3 },
    notAfter: '2026-12-26T08:00:00.000Z',
    createdAt: T0,
  },
  'console-a',
  T0,
);
const valid = new TextEncoder().encode(JSON.stringify(state));
const topic = `${P}/fleet/rollouts/idle-90`;
const read = (payload: Uint8Array) =>
  readMessage(P, { topic, payload, retained: true, receivedAt: T0 });

describe('the console reading rollout states from the broker', () => {
  it('reads a state, an emptied topic, and an unreadable state as unreadable', () => {
    const watch = createRolloutWatch(P);
    const readable = read(valid);
    expect(readable).toMatchObject({ kind: 'rollout', rolloutId: 'idle-90', state });
    expect(foldRolloutMessages(watch, readable ? [readable] : [])).toBe(true);
    expect(watch.rollouts().get('idle-90')).toEqual(state);
    const broken = read(new TextEncoder().encode('{"type":"rollout"}'));
    foldRolloutMessages(watch, broken ? [broken] : []);
    expect(watch.rollouts().get('idle-90')).toBeNull();
    const cleared = read(new Uint8Array());
    expect(cleared).toMatchObject({ kind: 'rollout-cleared', rolloutId: 'idle-90' });
    foldRolloutMessages(watch, cleared ? [cleared] : []);
    expect(watch.rollouts().has('idle-90')).toBe(false);
  });

  it('never throws and yields only a state that passes every rule, from random and mutated bytes', () => {
    const mutated = fc
      .array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), {
        minLength: 1,
        maxLength: 6,
      })
      .map((changes) => {
        const bytes = new Uint8Array(valid);
        for (const [at, value] of changes) bytes[at] = value;
        return bytes;
      });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 2000 }), mutated), (bytes) => {
        const message = read(bytes);
        expect(message?.kind === 'rollout' || message?.kind === 'rollout-cleared').toBe(true);
        if (message?.kind !== 'rollout' || message.state === null) return;
        expect(message.state.step).toBeLessThan(message.state.plan.steps.length);
        expect(message.state.plan.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      }),
      { numRuns: 300 },
    );
  });
});
