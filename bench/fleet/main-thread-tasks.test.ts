import { describe, expect, it } from 'vitest';
import { mainThreadTasks } from './main-thread-tasks';

const RENDERER = 7;
const MAIN = 1;
const WORKER = 2;

const thread = (pid: number, tid: number, name: string) => ({
  ph: 'M',
  name: 'thread_name',
  pid,
  tid,
  args: { name },
});
const task = (ts: number, dur: number, tdur: number, tid = MAIN, pid = RENDERER) => ({
  ph: 'X',
  name: 'ThreadControllerImpl::RunTask',
  pid,
  tid,
  ts,
  dur,
  tdur,
});

describe("the console's main-thread tasks from a trace", () => {
  const trace = {
    traceEvents: [
      thread(RENDERER, MAIN, 'CrRendererMain'),
      thread(RENDERER, WORKER, 'DedicatedWorker thread'),
      thread(99, MAIN, 'CrRendererMain'),
      {
        ph: 'I',
        name: 'TracingStartedInBrowser',
        args: { data: { frames: [{ processId: RENDERER }] } },
      },
      task(1_000, 2_000, 1_900),
      // Waited for a core: 80 ms of wall time, 6 ms on the CPU.
      task(10_000, 80_000, 6_000),
      // Nested inside the previous one: part of it, not a task of its own.
      task(20_000, 5_000, 5_000),
      task(100_000, 12_000, 11_500),
      // Longer tasks on the worker thread and in another renderer do not count.
      task(0, 500_000, 500_000, WORKER),
      task(0, 400_000, 400_000, MAIN, 99),
    ],
  };

  it('takes the page renderer’s main thread only, outer tasks only', () => {
    const tasks = mainThreadTasks(trace);
    expect(tasks.count).toBe(3);
    expect(tasks.longestMs).toBe(80);
    expect(tasks.over50ms).toBe(1);
  });

  it('tells wall time from CPU time, and says when each long one ran', () => {
    const tasks = mainThreadTasks(trace);
    expect(tasks.longestCpuMs).toBe(11.5);
    expect(tasks.top[0]).toEqual({ ms: 80, cpuMs: 6, atMs: 9 });
    expect(tasks.top.map((each) => each.ms)).toEqual([80, 12, 2]);
  });

  it('refuses what is not a Chromium trace, and a trace without a renderer', () => {
    expect(() => mainThreadTasks({ nope: [] })).toThrow(/not a Chromium trace/);
    expect(() => mainThreadTasks([task(0, 1, 1)])).toThrow(/no renderer main thread/);
  });
});
