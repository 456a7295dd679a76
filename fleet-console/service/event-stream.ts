/**
 * Server-Sent Events as the shop service sends its change feed, read from a fetch body (not
 * EventSource, which cannot send a device's token). Text arrives in chunks cut anywhere; the
 * parser keeps what is not yet a whole event and hands on each complete one: its `event`
 * name, `id` and `data`. Nothing from the network can make it throw or grow without bound:
 * an event longer than `maxEventChars` is dropped whole (and said so), comments are ignored.
 */

export interface StreamEvent {
  event: string;
  id: string | null;
  data: string;
}

/** An event of the feed is a move and its order: a few kilobytes at most. */
export const MAX_EVENT_CHARS = 256 * 1024;

export interface EventParser {
  /** Reads a chunk; returns the events it completed. */
  push(chunk: string): StreamEvent[];
  /** Events dropped for their size so far. */
  readonly dropped: number;
}

export function createEventParser(maxEventChars = MAX_EVENT_CHARS): EventParser {
  let pending = '';
  let skipping = false;
  let dropped = 0;
  let event = 'message';
  let id: string | null = null;
  let data: string[] = [];
  let size = 0;

  const reset = (): void => {
    event = 'message';
    id = null;
    data = [];
    size = 0;
  };

  const line = (text: string, out: StreamEvent[]): void => {
    if (text === '') {
      if (!skipping && data.length > 0) out.push({ event, id, data: data.join('\n') });
      skipping = false;
      reset();
      return;
    }
    if (skipping || text.startsWith(':')) return;
    size += text.length;
    if (size > maxEventChars) {
      skipping = true;
      dropped += 1;
      reset();
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk) {
      const out: StreamEvent[] = [];
      pending += chunk;
      let start = 0;
      const breaks = /\r\n|\r|\n/g;
      for (let found = breaks.exec(pending); found !== null; found = breaks.exec(pending)) {
        // A lone \r at the chunk's end may be the first half of \r\n: wait for the next chunk.
        if (found[0] === '\r' && found.index + 1 === pending.length) break;
        line(pending.slice(start, found.index), out);
        start = found.index + found[0].length;
      }
      pending = pending.slice(start);
      if (pending.length > maxEventChars) {
        // A line that never ends is an event too large: dropped, and the rest of it skipped.
        if (!skipping) dropped += 1;
        skipping = true;
        reset();
        pending = '';
      }
      return out;
    },
    get dropped() {
      return dropped;
    },
  };
}
