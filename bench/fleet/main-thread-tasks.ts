/**
 * The console page's main-thread tasks, read from a Chromium trace (Playwright's
 * browser.startTracing with the `toplevel` category): every task the renderer's main thread
 * ran, however short, so the bench can report the longest one. A PerformanceObserver for
 * 'longtask' only sees tasks over 50 ms, which would say nothing about a 30 ms console.
 */

import { traceEventsWith } from './trace-events';

/**
 * Task boundaries, and what runs inside them (scripts, layout, paint) for a person who opens
 * the saved trace in DevTools; thread names come with every trace.
 */
export const TASK_TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
];

interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs: less than dur when the thread waited for a core. */
  tdur?: number;
  args?: { name?: string; data?: { frames?: { processId?: number; parent?: string }[] } };
}

export interface MainThreadTasks {
  /** Tasks seen on the page's main thread in the trace. */
  count: number;
  /** The longest, ms of wall time: what a person waits for. */
  longestMs: number;
  /**
   * The most CPU time the thread spent in one task, ms: the console's own work, whatever
   * else the machine was doing (a task's wall time also counts waiting for a core).
   */
  longestCpuMs: number | null;
  /** Tasks of 50 ms or more (a "long task"). */
  over50ms: number;
  /**
   * The ten longest, longest first: wall time (ms), the thread's CPU time in it (ms; a much
   * smaller figure means the task waited for a core that other processes had), and when it
   * started, ms after the first task of the trace.
   */
  top: { ms: number; cpuMs: number | null; atMs: number }[];
  /** Time the thread spent in tasks / the traced time. */
  busyShare: number;
}

/** The outermost task event names, newest Chromium first. */
const TASK_NAMES = ['ThreadControllerImpl::RunTask', 'RunTask'];

function eventsOf(trace: unknown): TraceEvent[] {
  if (Array.isArray(trace)) return trace as TraceEvent[];
  const events = (trace as { traceEvents?: unknown } | null)?.traceEvents;
  if (!Array.isArray(events)) throw new Error('not a Chromium trace (no traceEvents)');
  return events as TraceEvent[];
}

/** The (pid, tid) of the page's renderer main thread. */
function mainThreadOf(events: readonly TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter(
    (event) =>
      event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  // The renderer that hosts the page's top frame, as the browser reports it at the start.
  const pagePids = new Set<number>();
  for (const event of events) {
    if (event.name !== 'TracingStartedInBrowser') continue;
    for (const frame of event.args?.data?.frames ?? []) {
      if (frame.parent === undefined && frame.processId !== undefined) {
        pagePids.add(frame.processId);
      }
    }
  }
  const candidates = pagePids.size > 0 ? mains.filter((m) => pagePids.has(m.pid ?? -1)) : mains;
  if (candidates.length === 0) throw new Error('the trace has no renderer main thread');
  // Several renderers (e.g. a spare one): the busiest is the page's.
  const taskCount = (pid: number | undefined, tid: number | undefined): number =>
    events.filter(
      (event) => event.pid === pid && event.tid === tid && TASK_NAMES.includes(event.name ?? ''),
    ).length;
  const best = candidates.reduce((a, b) =>
    taskCount(b.pid, b.tid) > taskCount(a.pid, a.tid) ? b : a,
  );
  return { pid: best.pid ?? -1, tid: best.tid ?? -1 };
}

export function mainThreadTasks(trace: unknown): MainThreadTasks {
  const events = eventsOf(trace);
  const { pid, tid } = mainThreadOf(events);
  const onThread = events.filter((event) => event.pid === pid && event.tid === tid);
  // One name only, so a task is not counted twice where both names wrap it.
  const name = TASK_NAMES.find((candidate) =>
    onThread.some((event) => event.name === candidate && event.ph === 'X'),
  );
  const tasks = onThread.filter(
    (event) => event.name === name && event.ph === 'X' && typeof event.dur === 'number',
  );
  // A nested task (run inside another, e.g. a nested run loop) is part of its parent's time.
  tasks.sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  const outer: { ts: number; dur: number; tdur: number | null }[] = [];
  let end = -Infinity;
  for (const task of tasks) {
    const ts = task.ts ?? 0;
    const dur = task.dur ?? 0;
    if (ts < end) continue;
    outer.push({ ts, dur, tdur: typeof task.tdur === 'number' ? task.tdur : null });
    end = ts + dur;
  }
  const durationsMs = outer.map((task) => task.dur / 1000).sort((a, b) => b - a);
  const first = outer[0]?.ts ?? 0;
  const round = (us: number): number => Math.round(us / 100) / 10;
  const top = [...outer]
    .sort((a, b) => b.dur - a.dur)
    .slice(0, 10)
    .map((task) => ({
      ms: round(task.dur),
      cpuMs: task.tdur === null ? null : round(task.tdur),
      atMs: Math.round((task.ts - first) / 1000),
    }));
  const last = outer.at(-1);
  const span = last ? last.ts + last.dur - first : 0;
  const busy = outer.reduce((sum, task) => sum + task.dur, 0);
  return {
    count: outer.length,
    longestMs: durationsMs[0] ?? 0,
    longestCpuMs: outer.some((task) => task.tdur !== null)
      ? round(Math.max(...outer.map((task) => task.tdur ?? 0)))
      : null,
    over50ms: durationsMs.filter((ms) => ms >= 50).length,
    top,
    busyShare: span > 0 ? busy / span : 0,
  };
}

/** mainThreadTasks of a trace as Chromium wrote it, however large (trace-events.ts). */
export function mainThreadTasksOfTrace(trace: Buffer): MainThreadTasks {
  return mainThreadTasks(
    traceEventsWith(trace, ['"thread_name"', '"TracingStartedInBrowser"', ...TASK_NAMES]),
  );
}
