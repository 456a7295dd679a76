import { describe, expect, it } from 'vitest';
import { FLEET_NICENESS, autogroupNice, yieldToConsole } from './fleet-priority';

/** A kernel with an autogroup at `nice`, or none (null), that may refuse writes. */
function kernel(nice: number | null, refuse = false) {
  const state = { nice, processNice: 0, writes: [] as number[] };
  return {
    state,
    access: {
      setNice: (value: number) => {
        state.processNice = value;
      },
      readGroup: () => {
        if (state.nice === null) throw new Error('ENOENT');
        return `/autogroup-12 nice ${state.nice}\n`;
      },
      writeGroup: (value: number) => {
        if (refuse) throw new Error('EPERM');
        state.writes.push(value);
        state.nice = value;
      },
    },
  };
}

describe('autogroupNice', () => {
  it("reads the kernel's line", () => {
    expect(autogroupNice('/autogroup-1643 nice 0\n')).toBe(0);
    expect(autogroupNice('/autogroup-7 nice -5')).toBe(-5);
    expect(autogroupNice('/autogroup-7 nice 19\n')).toBe(19);
  });

  it('gives null for anything else', () => {
    expect(autogroupNice('')).toBeNull();
    expect(autogroupNice('nice')).toBeNull();
    expect(autogroupNice('/autogroup-7 nice x')).toBeNull();
  });
});

describe('yieldToConsole', () => {
  it("lowers the process and its session's group, and puts the group back", () => {
    const { state, access } = kernel(-2);
    const priority = yieldToConsole(access);
    expect(state.processNice).toBe(FLEET_NICENESS);
    expect(state.nice).toBe(FLEET_NICENESS);
    expect(priority.placement).toBe("fleet and its session's group at nice 19");
    priority.restore();
    expect(state.nice).toBe(-2);
    // Twice is once: the exit handler after the bench's own restore writes nothing more.
    priority.restore();
    expect(state.writes).toEqual([FLEET_NICENESS, -2]);
  });

  it('only lowers the process where the kernel has no autogroup', () => {
    const { state, access } = kernel(null);
    const priority = yieldToConsole(access);
    expect(state.processNice).toBe(FLEET_NICENESS);
    expect(priority.placement).toBe('fleet at nice 19');
    priority.restore();
    expect(state.writes).toEqual([]);
  });

  it('reports a group it may not lower, and still runs', () => {
    const { state, access } = kernel(0, true);
    const priority = yieldToConsole(access);
    expect(state.processNice).toBe(FLEET_NICENESS);
    expect(state.nice).toBe(0);
    expect(priority.placement).toBe(
      "fleet at nice 19; its session's group left at nice 0 (refused)",
    );
    expect(() => priority.restore()).not.toThrow();
  });
});
