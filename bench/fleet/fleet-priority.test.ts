import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  FLEET_NICENESS,
  autogroupNice,
  childrenOf,
  lowerSessions,
  parentOf,
  restoreWhenEnded,
  yieldToConsole,
} from './fleet-priority';

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
    const priority = yieldToConsole({ ...access, who: 'the shop service and the kiosks' });
    expect(state.processNice).toBe(FLEET_NICENESS);
    expect(priority.placement).toBe('the shop service and the kiosks at nice 19');
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

describe('restoreWhenEnded', () => {
  function host() {
    const kills: string[] = [];
    const emitter = Object.assign(new EventEmitter(), {
      pid: 4242,
      kill: (pid: number, signal: string) => {
        kills.push(`${pid} ${signal}`);
        return true;
      },
    });
    return { kills, emitter, process: emitter as unknown as NodeJS.Process };
  }

  it('puts the group back on exit', () => {
    const { state, access } = kernel(0);
    const { emitter, process } = host();
    restoreWhenEnded(yieldToConsole(access), process);
    expect(state.nice).toBe(FLEET_NICENESS);
    emitter.emit('exit', 0);
    expect(state.nice).toBe(0);
  });

  it('puts it back on Ctrl-C and raises the signal again when nothing else listens', () => {
    const { state, access } = kernel(0);
    const { emitter, kills, process } = host();
    restoreWhenEnded(yieldToConsole(access), process);
    emitter.emit('SIGINT', 'SIGINT');
    expect(state.nice).toBe(0);
    expect(kills).toEqual(['4242 SIGINT']);
    expect(emitter.listenerCount('SIGTERM')).toBe(0);
  });

  it("leaves a signal to whoever else listens (Playwright's browser)", () => {
    const { state, access } = kernel(0);
    const { emitter, kills, process } = host();
    const theirs: string[] = [];
    emitter.on('SIGTERM', (signal: string) => theirs.push(signal));
    restoreWhenEnded(yieldToConsole(access), process);
    emitter.emit('SIGTERM', 'SIGTERM');
    expect(state.nice).toBe(0);
    expect(theirs).toEqual(['SIGTERM']);
    expect(kills).toEqual([]);
  });

  it('takes its listeners off when the bench releases it', () => {
    const { state, access } = kernel(0);
    const { emitter, process } = host();
    const release = restoreWhenEnded(yieldToConsole(access), process);
    release();
    expect(state.nice).toBe(0);
    for (const event of ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP']) {
      expect(emitter.listenerCount(event)).toBe(0);
    }
  });
});

describe('a browser for another screen, lowered', () => {
  it('reads the parent from a stat line, whatever the command name holds', () => {
    expect(parentOf('4492 (chromium) S 4100 4492 4492 0 -1')).toBe(4100);
    expect(parentOf('77 (a) b (c) R 12 77 77')).toBe(12);
    expect(parentOf('garbage')).toBeNull();
  });

  it('finds the processes this one started, skipping those that ended meanwhile', () => {
    const stats: Record<number, string> = {
      10: '10 (node) S 1 10',
      11: '11 (chromium) S 10 11',
      12: '12 (chromium) S 11 11',
      13: '13 (mosquitto) S 10 13',
    };
    const read = (pid: number) => {
      const stat = stats[pid];
      if (stat === undefined) throw new Error('ENOENT');
      return stat;
    };
    expect(childrenOf(10, () => [10, 11, 12, 13, 14], read)).toEqual([11, 13]);
  });

  it('lowers each session group to the lowest priority, and says when it could not', () => {
    const written: [number, number][] = [];
    expect(lowerSessions([11], (pid, nice) => written.push([pid, nice]))).toBe(
      `its session's group at nice ${FLEET_NICENESS}`,
    );
    expect(written).toEqual([[11, FLEET_NICENESS]]);
    expect(lowerSessions([])).toMatch(/not lowered/);
    expect(
      lowerSessions([11], () => {
        throw new Error('EACCES');
      }),
    ).toMatch(/not lowered/);
  });
});
