/**
 * The events of a Chromium trace that the task figures need, read straight from the trace's
 * bytes. A traced ten-minute rush writes more than the longest string V8 can make (about
 * 512 MB), so the trace is never turned into one string: each event of `traceEvents` is
 * found by its braces and only the few kinds that are kept are parsed.
 */

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The trace's events whose text holds one of `needles`, parsed, in their order. The trace
 * is Chromium's JSON object (`{"traceEvents":[…]}`) or a bare array of events.
 */
export function traceEventsWith(trace: Buffer, needles: readonly string[]): unknown[] {
  const arrayAt = arrayStart(trace);
  if (arrayAt < 0) throw new Error('not a Chromium trace (no traceEvents)');
  const kept: unknown[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let at = arrayAt + 1; at < trace.length; at += 1) {
    const byte = trace[at];
    if (inString) {
      if (byte === BACKSLASH) at += 1;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) inString = true;
    else if (byte === OPEN) {
      if (depth === 0) start = at;
      depth += 1;
    } else if (byte === CLOSE) {
      depth -= 1;
      if (depth === 0) {
        const text = trace.toString('utf8', start, at + 1);
        if (needles.some((needle) => text.includes(needle))) kept.push(JSON.parse(text));
      }
    } else if (byte === 0x5d /* ] */ && depth === 0) break;
  }
  return kept;
}

/** Where the events' array opens: after `"traceEvents":`, or at the start of a bare array. */
function arrayStart(trace: Buffer): number {
  const key = trace.indexOf('"traceEvents"');
  const from = key < 0 ? 0 : key + '"traceEvents"'.length;
  for (let at = from; at < trace.length; at += 1) {
    const byte = trace[at];
    if (byte === 0x5b /* [ */) return at;
    // Only white space and the key's colon may come before the array.
    if (byte !== 0x3a && byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) {
      return -1;
    }
  }
  return -1;
}
