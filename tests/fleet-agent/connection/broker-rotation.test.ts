/**
 * Where the next attempt goes: a refused node is left at once and skipped while another is
 * left, a lost one is left after the backoff, and a skipped node comes back once the
 * backoff's cap has passed.
 */
import { describe, expect, it } from 'vitest';
import { createBrokerRotation } from '../../../fleet-agent/connection/broker-rotation';

const A = 'mqtt://127.0.0.1:1001';
const B = 'mqtt://127.0.0.1:1002';
const C = 'mqtt://127.0.0.1:1003';

describe('the broker rotation', () => {
  it('keeps the one broker it has, and never goes at once after a loss', () => {
    const rotation = createBrokerRotation([A], () => 0.5, 60_000);
    expect(rotation.current).toBe(A);
    expect(rotation.leave(false)).toEqual({ atOnce: false });
    expect(rotation.current).toBe(A);
  });

  it('leaves a node where nothing listened at once, for one not known to be down', () => {
    let at = 0;
    const rotation = createBrokerRotation(
      [A, B, C],
      () => 0,
      60_000,
      () => at,
    );
    expect(rotation.current).toBe(A);
    expect(rotation.leave(true)).toEqual({ atOnce: true });
    expect(rotation.current).not.toBe(A);
    const second = rotation.current;
    // Every node has now refused but one: the last one left is tried at once.
    expect(rotation.leave(true)).toEqual({ atOnce: true });
    const third = rotation.current;
    expect(new Set([A, second, third]).size).toBe(3);
    // All three refused: none is left that is not known to be down.
    expect(rotation.leave(true)).toEqual({ atOnce: false });
    // Past the cap, a refused node is tried again like any other.
    at = 60_001;
    expect(rotation.leave(false)).toEqual({ atOnce: false });
  });

  it('no longer skips a node it has reached', () => {
    const rotation = createBrokerRotation(
      [A, B, C],
      () => 0,
      60_000,
      () => 0,
    );
    rotation.leave(true);
    rotation.leave(true);
    expect(rotation.leave(true)).toEqual({ atOnce: false });
    expect(rotation.current).toBe(A);
    rotation.reached();
    rotation.leave(false);
    expect(rotation.current).toBe(B);
    // B and C refused, A reached since: leaving B goes to A, at once.
    expect(rotation.leave(true)).toEqual({ atOnce: true });
    expect(rotation.current).toBe(A);
  });
});
