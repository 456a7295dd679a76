/**
 * The broker worker's side of every message MQTT.js hands it: the boundary nothing a
 * broker sends can get past. Each message is read (protocol/read-message.ts: its topic's byte limit
 * first, then JSON and schema), a reader that throws costs only that message (counted as
 * ignored), and the page gets what was read in batches, one round of posts per BATCH_MS
 * at most, screenshots' bytes transferred rather than copied. A batch the browser cannot
 * post is posted message by message, so one bad view never loses the others.
 *
 * A round posts at most POST_SIZE messages at a time: the page reads each post in a task of
 * its own, and a burst (a crashed node's thousands of kiosks said offline at once, a
 * fleet's retained health on connecting) read in one post took the page's main thread
 * 20–30 ms at 10,000 kiosks, with the frames' folding and drawing still to come.
 */
import { readMessage, type ReadMessage } from '../protocol/read-message';

export const BATCH_MS = 16;
export const POST_SIZE = 200;

export interface WorkerInbox {
  /** One message as MQTT.js delivered it; never throws. */
  receive(topic: string, payload: Uint8Array, retained: boolean): void;
}

export interface WorkerInboxOptions {
  prefix: string;
  /** postMessage of a batch, with the buffers to transfer. */
  post(messages: ReadMessage[], transfer: Transferable[]): void;
  /** The worker's own use of each round, once, before it is posted (the fleet it keeps). */
  keep?(messages: readonly ReadMessage[]): void;
  now?: () => number;
  /** setTimeout by default; a test may run the batch itself. */
  schedule?: (run: () => void, ms: number) => void;
  /** readMessage by default; a test may give one that fails. */
  read?: typeof readMessage;
}

const transferOf = (messages: readonly ReadMessage[]): Transferable[] =>
  messages.flatMap((message) => (message.kind === 'screenshot' ? [message.png.buffer] : []));

export function createWorkerInbox(options: WorkerInboxOptions): WorkerInbox {
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? ((run, ms) => void setTimeout(run, ms));
  const reader = options.read ?? readMessage;
  let batch: ReadMessage[] = [];
  let scheduled = false;

  const flush = (): void => {
    scheduled = false;
    const all = batch;
    batch = [];
    try {
      options.keep?.(all);
    } catch {
      // What the worker keeps must never stop the page getting what was read.
    }
    for (let from = 0; from < all.length; from += POST_SIZE) {
      postChunk(all.slice(from, from + POST_SIZE));
    }
  };

  const postChunk = (messages: ReadMessage[]): void => {
    try {
      options.post(messages, transferOf(messages));
      return;
    } catch {
      // Fall through: one by one, so only what cannot be posted is lost.
    }
    let lost = 0;
    for (const message of messages) {
      try {
        options.post([message], transferOf([message]));
      } catch {
        lost += 1;
      }
    }
    if (lost > 0) {
      try {
        options.post(
          Array.from({ length: lost }, () => ({
            kind: 'ignored',
            retained: false,
            receivedAt: now(),
          })),
          [],
        );
      } catch {
        // Nothing more can be said to the page about them.
      }
    }
  };

  const read = (topic: string, payload: Uint8Array, retained: boolean): ReadMessage | null => {
    try {
      const one = reader(options.prefix, { topic, payload, retained, receivedAt: now() });
      // A copy of its own: MQTT.js's buffers may share memory, and a screenshot's is transferred.
      return one?.kind === 'screenshot' ? { ...one, png: one.png.slice() } : one;
    } catch {
      return { kind: 'ignored', retained, receivedAt: now() };
    }
  };

  return {
    receive: (topic, payload, retained) => {
      const one = read(topic, payload, retained);
      if (!one) return;
      batch.push(one);
      if (scheduled) return;
      scheduled = true;
      schedule(flush, BATCH_MS);
    },
  };
}
