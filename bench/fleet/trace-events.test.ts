// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { traceEventsWith } from './trace-events';
import { mainThreadTasks, mainThreadTasksOfTrace } from './main-thread-tasks';

const events = [
  { ph: 'M', name: 'thread_name', pid: 7, tid: 1, args: { name: 'CrRendererMain' } },
  { ph: 'I', name: 'TracingStartedInBrowser', args: { data: { frames: [{ processId: 7 }] } } },
  // Braces, brackets and escaped quotes inside strings do not end an event.
  { ph: 'X', name: 'Layout', args: { text: 'a } ] { "x" \\ [' }, pid: 7, tid: 1 },
  { ph: 'X', name: 'ThreadControllerImpl::RunTask', pid: 7, tid: 1, ts: 10, dur: 60_000 },
  { ph: 'X', name: 'RunTask', pid: 7, tid: 1, ts: 100_000, dur: 2_000, tdur: 1_000 },
];

describe('reading a Chromium trace from its bytes', () => {
  it('keeps the events whose text holds a needle, parsed, in order', () => {
    const trace = Buffer.from(JSON.stringify({ traceEvents: events, metadata: { a: '}' } }));
    expect(traceEventsWith(trace, ['RunTask'])).toEqual([events[3], events[4]]);
    expect(traceEventsWith(trace, ['"Layout"'])).toEqual([events[2]]);
  });

  it('reads a bare array and pretty-printed JSON alike', () => {
    expect(traceEventsWith(Buffer.from(JSON.stringify(events)), ['thread_name'])).toEqual([
      events[0],
    ]);
    const pretty = Buffer.from(JSON.stringify({ traceEvents: events }, null, 2));
    expect(traceEventsWith(pretty, ['"ph"'])).toEqual(events);
  });

  it('refuses what is not a trace', () => {
    expect(() => traceEventsWith(Buffer.from('{"nope":[]}'), ['x'])).toThrow(/not a Chromium/);
    expect(() => traceEventsWith(Buffer.from('{"traceEvents":{}}'), ['x'])).toThrow(
      /not a Chromium/,
    );
  });

  it('gives the same task figures as the parsed trace', () => {
    const trace = { traceEvents: events };
    expect(mainThreadTasksOfTrace(Buffer.from(JSON.stringify(trace)))).toEqual(
      mainThreadTasks(trace),
    );
  });
});
