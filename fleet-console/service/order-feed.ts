/**
 * A screen kept in step with the shop service's orders: a snapshot, then the change feed
 * (Server-Sent Events) from the snapshot's last move, each event checked against its schema
 * before it is handed on. When the stream ends, stalls (no byte for STALL_MS, though the
 * service says it is alive every 15 s) or cannot be opened, the screen is told it is
 * reconnecting and keeps what it shows; after a short wait, growing to MAX_WAIT_MS, a new
 * snapshot is read and the feed opened again from it, by itself, for as long as the page is
 * open. An answer of 401 ends it: the screen is no longer signed in.
 *
 * Everything read is bounded: a snapshot by the client's answer cap, an event by the
 * parser's (event-stream.ts); an event that does not read as a change is skipped, never
 * acted on.
 */
import type { z } from 'zod';
import { createEventParser } from './event-stream';
import { nextTurn, type SlicedSchema } from './sliced-read';

export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'signed-out';

export const STALL_MS = 40_000;
export const FIRST_WAIT_MS = 1000;
export const MAX_WAIT_MS = 10_000;
/** A stream open this long that ends was ended by the service on time, not lost. */
export const RENEW_AFTER_MS = 10_000;
/** A snapshot is a few hundred orders: far below this. */
export const MAX_SNAPSHOT_CHARS = 8 * 1024 * 1024;

export interface FeedOptions<S, C> {
  /** The service's base URL ('' : this page's origin). */
  base: string;
  /** An operator-issued token, or null for the session cookie (or no login: the board). */
  token: string | null;
  snapshotPath: string;
  changesPath: string;
  /** A schema, or one read a slice at a time (sliced-read.ts) for a snapshot of many orders. */
  snapshotSchema: z.ZodType<S> | SlicedSchema<S>;
  changeSchema: z.ZodType<C>;
  lastMoveIdOf: (snapshot: S) => number;
  onSnapshot: (snapshot: S) => void;
  onChange: (change: C, id: number) => void;
  onStatus: (status: FeedStatus) => void;
  fetch?: typeof fetch;
  stallMs?: number;
  firstWaitMs?: number;
  maxWaitMs?: number;
}

export interface OrderFeed {
  stop(): void;
}

class SignedOut extends Error {}

function headersOf(token: string | null): Record<string, string> {
  return token === null ? {} : { Authorization: `Bearer ${token}` };
}

async function readSnapshot<S, C>(
  options: FeedOptions<S, C>,
  fetchImpl: typeof fetch,
  signal: AbortSignal,
): Promise<S> {
  const response = await fetchImpl(`${options.base}${options.snapshotPath}`, {
    headers: { Accept: 'application/json', ...headersOf(options.token) },
    credentials: 'include',
    cache: 'no-store',
    signal,
  });
  if (response.status === 401) throw new SignedOut();
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_SNAPSHOT_CHARS) throw new Error('snapshot: too large');
  const raw: unknown = JSON.parse(text);
  const schema = options.snapshotSchema;
  return 'parseInSlices' in schema ? schema.parseInSlices(raw, nextTurn) : schema.parse(raw);
}

/** Reads the stream until it ends or stalls; each valid change handed on. */
async function follow<S, C>(
  options: FeedOptions<S, C>,
  fetchImpl: typeof fetch,
  after: number,
  abort: AbortController,
  onOpen: () => void,
): Promise<void> {
  const stallMs = options.stallMs ?? STALL_MS;
  let reader: ReadableStreamDefaultReader<string> | null = null;
  // A stream given up is aborted and its reader cancelled, whichever the body obeys.
  const giveUp = () => {
    abort.abort();
    void reader?.cancel().catch(() => undefined);
  };
  let stall = setTimeout(giveUp, stallMs);
  try {
    const separator = options.changesPath.includes('?') ? '&' : '?';
    const response = await fetchImpl(
      `${options.base}${options.changesPath}${separator}after=${after}`,
      {
        headers: { Accept: 'text/event-stream', ...headersOf(options.token) },
        credentials: 'include',
        cache: 'no-store',
        signal: abort.signal,
      },
    );
    if (response.status === 401) throw new SignedOut();
    if (!response.ok || !response.body) throw new Error(`feed: HTTP ${response.status}`);
    reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = createEventParser();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      clearTimeout(stall);
      stall = setTimeout(giveUp, stallMs);
      for (const event of parser.push(value)) {
        if (event.event === 'open') onOpen();
        if (event.event !== 'change') continue;
        const id = Number(event.id);
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data);
        } catch {
          continue;
        }
        const change = options.changeSchema.safeParse(parsed);
        if (change.success && Number.isSafeInteger(id) && id > 0) options.onChange(change.data, id);
      }
    }
  } finally {
    clearTimeout(stall);
  }
}

export function startOrderFeed<S, C>(options: FeedOptions<S, C>): OrderFeed {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const firstWait = options.firstWaitMs ?? FIRST_WAIT_MS;
  const maxWait = options.maxWaitMs ?? MAX_WAIT_MS;
  const life = { stopped: false };
  // Read through a call: `stop` changes it between the loop's awaits.
  const isStopped = (): boolean => life.stopped;
  let current = new AbortController();
  let waitTimer: ReturnType<typeof setTimeout> | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      waitTimer = setTimeout(resolve, ms);
    });

  const run = async (): Promise<void> => {
    let wait = firstWait;
    options.onStatus('connecting');
    while (!isStopped()) {
      current = new AbortController();
      const stream: { openedAt: number | null } = { openedAt: null };
      try {
        const snapshot = await readSnapshot(options, fetchImpl, current.signal);
        if (isStopped()) return;
        options.onSnapshot(snapshot);
        await follow(options, fetchImpl, options.lastMoveIdOf(snapshot), current, () => {
          wait = firstWait;
          stream.openedAt = Date.now();
          options.onStatus('live');
        });
        // The service ends each stream after some minutes: a long one that ended is
        // followed again at once, without a word on the screen.
        if (
          stream.openedAt !== null &&
          Date.now() - stream.openedAt >= RENEW_AFTER_MS &&
          !isStopped()
        ) {
          continue;
        }
      } catch (error) {
        if (error instanceof SignedOut) {
          if (!isStopped()) options.onStatus('signed-out');
          return;
        }
      }
      if (isStopped()) return;
      options.onStatus('reconnecting');
      await pause(wait);
      wait = Math.min(wait * 2, maxWait);
    }
  };
  void run();

  return {
    stop() {
      life.stopped = true;
      clearTimeout(waitTimer);
      current.abort();
    },
  };
}
