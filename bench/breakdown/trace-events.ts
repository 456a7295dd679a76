/**
 * The parts of a Chromium trace (Playwright's `browser.startTracing`) the breakdown reads:
 * the renderer's main thread, its slices, its CPU profile samples and its network requests.
 * Pure functions over the trace's events, so they are tested on hand-made traces.
 */

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: Record<string, unknown>;
}

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

/** One CPU profile sample: when, and its stack from leaf to root. */
export interface Sample {
  ts: number;
  stack: CallFrame[];
}

export interface Slice {
  name: string;
  ts: number;
  end: number;
}

export interface Request {
  url: string;
  start: number;
  /** Response finished (body received); undefined when the trace ends before. */
  end?: number;
}

type Data = Record<string, unknown>;
const dataOf = (event: TraceEvent): Data => (event.args?.data ?? {}) as Data;

/** The renderer main thread (pid, tid) that ran the page: the one with `markName` on it. */
export function mainThreadOf(
  events: readonly TraceEvent[],
  markName: string,
): { pid: number; tid: number } {
  const mark = events.find((event) => event.name === markName);
  if (!mark) throw new Error(`the trace has no "${markName}" mark`);
  const main = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.pid === mark.pid &&
      (event.args as { name?: string } | undefined)?.name === 'CrRendererMain',
  );
  return { pid: mark.pid, tid: main?.tid ?? mark.tid };
}

/** The last `navigationStart` of the page's main frame on that thread at or before `before`. */
export function navigationStartOf(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
  before: number,
): number {
  const starts = events.filter(
    (event) =>
      event.name === 'navigationStart' &&
      event.pid === thread.pid &&
      event.ts <= before &&
      (dataOf(event).documentLoaderURL as string | undefined)?.startsWith('http') === true,
  );
  const last = starts.at(-1);
  if (!last) throw new Error('the trace has no navigationStart for the page');
  return last.ts;
}

/** Complete ('X') and paired ('B'/'E') slices of one thread, by start time. */
export function slicesOf(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
): Slice[] {
  const slices: Slice[] = [];
  const open: TraceEvent[] = [];
  for (const event of events) {
    if (event.pid !== thread.pid || event.tid !== thread.tid) continue;
    if (event.ph === 'X' && event.dur !== undefined) {
      slices.push({ name: event.name, ts: event.ts, end: event.ts + event.dur });
    } else if (event.ph === 'B') {
      open.push(event);
    } else if (event.ph === 'E') {
      const begin = open.pop();
      if (begin) slices.push({ name: begin.name, ts: begin.ts, end: event.ts });
    }
  }
  return slices.sort((a, b) => a.ts - b.ts);
}

/**
 * Every CPU profile sample V8 took in `pid`, leaf first, from the `Profile` and
 * `ProfileChunk` events (nodes and samples arrive in chunks; time deltas add up from the
 * profile's start), from the profile of `thread` (else the process's busiest).
 */
export function samplesOf(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number },
): Sample[] {
  const pid = thread.pid;
  const profiles = new Map<
    string,
    { tid: number; start: number; nodes: Map<number, ProfileNode>; raw: [number, number][] }
  >();
  for (const event of events) {
    if (event.pid !== pid || event.id === undefined) continue;
    const data = dataOf(event);
    if (event.name === 'Profile') {
      const start = typeof data.startTime === 'number' ? data.startTime : event.ts;
      profiles.set(event.id, { tid: event.tid, start, nodes: new Map(), raw: [] });
    } else if (event.name === 'ProfileChunk') {
      const profile = profiles.get(event.id);
      if (!profile) continue;
      const cpuProfile = (data.cpuProfile ?? {}) as { nodes?: ProfileNode[]; samples?: number[] };
      for (const node of cpuProfile.nodes ?? []) {
        // Chromium leaves out a frame's empty URL and zero positions.
        const call: Partial<CallFrame> = node.callFrame;
        profile.nodes.set(node.id, {
          ...node,
          callFrame: {
            functionName: call.functionName ?? '',
            url: call.url ?? '',
            lineNumber: call.lineNumber ?? 0,
            columnNumber: call.columnNumber ?? 0,
          },
        });
      }
      const deltas = (data.timeDeltas ?? []) as number[];
      (cpuProfile.samples ?? []).forEach((node, index) => {
        profile.raw.push([node, deltas[index] ?? 0]);
      });
    }
  }
  // The `Profile` event is written on the sampled thread (its chunks on the profiler's);
  // a service worker in the same process has a profile of its own.
  const all = [...profiles.values()];
  const busiest =
    all.find((profile) => profile.tid === thread.tid) ??
    all.sort((a, b) => b.raw.length - a.raw.length)[0];
  if (!busiest) return [];
  const stacks = new Map<number, CallFrame[]>();
  const stackOf = (id: number): CallFrame[] => {
    const known = stacks.get(id);
    if (known) return known;
    const stack: CallFrame[] = [];
    for (
      let node = busiest.nodes.get(id);
      node;
      node = node.parent === undefined ? undefined : busiest.nodes.get(node.parent)
    ) {
      stack.push(node.callFrame);
    }
    stacks.set(id, stack);
    return stack;
  };
  let ts = busiest.start;
  return busiest.raw.map(([node, delta]) => {
    ts += delta;
    return { ts, stack: stackOf(node) };
  });
}

/** The page's network requests seen by its renderer, in the order they were sent. */
export function requestsOf(events: readonly TraceEvent[], pid: number): Request[] {
  const byId = new Map<string, Request>();
  for (const event of events) {
    if (event.pid !== pid) continue;
    const data = dataOf(event);
    const id = typeof data.requestId === 'string' ? data.requestId : undefined;
    if (id === undefined) continue;
    if (event.name === 'ResourceSendRequest' && typeof data.url === 'string') {
      if (!byId.has(id)) byId.set(id, { url: data.url, start: event.ts });
    } else if (event.name === 'ResourceFinish') {
      const request = byId.get(id);
      if (request) request.end = event.ts;
    }
  }
  return [...byId.values()].sort((a, b) => a.start - b.start);
}
