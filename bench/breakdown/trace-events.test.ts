import { describe, expect, it } from 'vitest';
import {
  mainThreadOf,
  navigationStartOf,
  requestsOf,
  samplesOf,
  slicesOf,
  type TraceEvent,
} from './trace-events';

const PID = 7;
const MAIN = 1;
const base = { pid: PID, tid: MAIN, ts: 0 };
const node = (id: number, functionName: string, parent?: number) => ({
  id,
  ...(parent === undefined ? {} : { parent }),
  callFrame: { functionName, url: '', lineNumber: 0, columnNumber: 0 },
});

const EVENTS: TraceEvent[] = [
  { ...base, ph: 'M', name: 'thread_name', args: { name: 'CrRendererMain' } },
  { ...base, pid: 3, ph: 'M', name: 'thread_name', args: { name: 'CrRendererMain' } },
  {
    ...base,
    ph: 'R',
    name: 'navigationStart',
    ts: 100,
    args: { data: { documentLoaderURL: '' } },
  },
  {
    ...base,
    ph: 'R',
    name: 'navigationStart',
    ts: 200,
    args: { data: { documentLoaderURL: 'http://127.0.0.1/products' } },
  },
  { ...base, ph: 'X', name: 'Layout', ts: 400, dur: 50 },
  { ...base, ph: 'B', name: 'Paint', ts: 300 },
  { ...base, ph: 'E', name: 'Paint', ts: 320 },
  { ...base, tid: 2, ph: 'X', name: 'Layout', ts: 10, dur: 5 },
  { ...base, ph: 'R', name: 'bench:target-painted', ts: 900 },
  { ...base, ph: 'P', name: 'Profile', id: '0x1', args: { data: { startTime: 1000 } } },
  // A service worker's thread in the same process, sampled more often.
  { ...base, tid: 5, ph: 'P', name: 'Profile', id: '0x2', args: { data: { startTime: 0 } } },
  {
    ...base,
    tid: 9,
    ph: 'P',
    name: 'ProfileChunk',
    id: '0x2',
    args: {
      data: {
        cpuProfile: { nodes: [node(1, '(root)')], samples: [1, 1, 1, 1, 1] },
        timeDeltas: [1, 1, 1, 1, 1],
      },
    },
  },
  {
    ...base,
    tid: 9,
    ph: 'P',
    name: 'ProfileChunk',
    id: '0x1',
    args: {
      data: {
        cpuProfile: { nodes: [node(1, '(root)'), node(2, 'outer', 1)], samples: [2, 2] },
        timeDeltas: [10, 20],
      },
    },
  },
  {
    ...base,
    tid: 9,
    ph: 'P',
    name: 'ProfileChunk',
    id: '0x1',
    args: { data: { cpuProfile: { nodes: [node(3, 'inner', 2)], samples: [3] }, timeDeltas: [5] } },
  },
  {
    ...base,
    ph: 'I',
    name: 'ResourceSendRequest',
    ts: 250,
    args: { data: { requestId: 'a', url: 'http://127.0.0.1/assets/index-abc.js' } },
  },
  { ...base, ph: 'I', name: 'ResourceFinish', ts: 380, args: { data: { requestId: 'a' } } },
  {
    ...base,
    ph: 'I',
    name: 'ResourceSendRequest',
    ts: 240,
    args: { data: { requestId: 'b', url: 'http://127.0.0.1/api/products' } },
  },
];

describe('reading a Chromium trace', () => {
  it("finds the page's main thread by the probe's mark, and its navigation start", () => {
    const thread = mainThreadOf(EVENTS, 'bench:target-painted');
    expect(thread).toEqual({ pid: PID, tid: MAIN });
    expect(navigationStartOf(EVENTS, thread, 900)).toBe(200);
    expect(() => mainThreadOf(EVENTS, 'no such mark')).toThrow(/no "no such mark"/);
  });

  it("takes the thread's complete and paired slices, not another thread's", () => {
    expect(slicesOf(EVENTS, { pid: PID, tid: MAIN })).toEqual([
      { name: 'Paint', ts: 300, end: 320 },
      { name: 'Layout', ts: 400, end: 450 },
    ]);
  });

  it('puts the profile chunks together: sample times add up, stacks run leaf to root', () => {
    const samples = samplesOf(EVENTS, { pid: PID, tid: MAIN });
    expect(samples.map((sample) => sample.ts)).toEqual([1010, 1030, 1035]);
    expect(samples[2]?.stack.map((call) => call.functionName)).toEqual([
      'inner',
      'outer',
      '(root)',
    ]);
  });

  it('lists requests by when they were sent, finished or not', () => {
    expect(requestsOf(EVENTS, PID)).toEqual([
      { url: 'http://127.0.0.1/api/products', start: 240 },
      { url: 'http://127.0.0.1/assets/index-abc.js', start: 250, end: 380 },
    ]);
  });
});
