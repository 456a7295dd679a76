import { describe, expect, it } from 'vitest';
import { createDrawGate } from './draw-gate';

describe('the draw gate', () => {
  it('holds commits from a commit until the view drew that very map', () => {
    const gate = createDrawGate(1000);
    gate.watch();
    const first = new Map();
    gate.committed(first, 0);
    expect(gate.busy(10)).toBe(true);
    gate.drawn(new Map());
    expect(gate.busy(20)).toBe(true);
    gate.drawn(first);
    expect(gate.busy(30)).toBe(false);
  });

  it('holds nothing with no view watching, nor once its view went', () => {
    const gate = createDrawGate(1000);
    gate.committed(new Map(), 0);
    expect(gate.busy(1)).toBe(false);
    const went = gate.watch();
    gate.committed(new Map(), 2);
    expect(gate.busy(3)).toBe(true);
    went();
    went();
    expect(gate.busy(4)).toBe(false);
    // Saying it went twice did not count another view out.
    gate.watch();
    gate.committed(new Map(), 5);
    expect(gate.busy(6)).toBe(true);
  });

  it('holds no longer than its longest wait', () => {
    const gate = createDrawGate(1000);
    gate.watch();
    gate.committed(new Map(), 0);
    expect(gate.busy(999)).toBe(true);
    expect(gate.busy(1000)).toBe(false);
  });
});
