/**
 * The screens' change feed as Server-Sent Events: each open stream reads the moves after
 * the last one it sent, by increasing id, every POLL_MS, and sends each (its id as the
 * event's id, so a browser's EventSource resumes with Last-Event-ID). Polling the table
 * rather than listening in one process works the same on PGlite, on PostgreSQL and across
 * replicas behind a load balancer: whichever replica wrote a move, every stream reads it,
 * and moves commit in id order (move-records.ts), so none is passed over.
 *
 * A quiet stream sends a comment every HEARTBEAT_MS, so proxies keep it and the page knows
 * it is alive. A stream ends after MAX_STREAM_MS, or at the first failed read (a failover):
 * the page reconnects, showing it meanwhile, which also checks its login again.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { HttpError } from '../http/http-error';

export const POLL_MS = 400;
export const HEARTBEAT_MS = 15_000;
export const MAX_STREAM_MS = 5 * 60_000;
/** Moves read at once; a stream far behind catches up over several reads, in order. */
export const FEED_BATCH = 200;

export interface FeedEvent {
  id: number;
  /** null: a move this stream does not show (the board's, of an order without a number). */
  data: unknown;
}

export interface FeedOptions {
  /** Sent before the first event (the page's way to know the stream is open). */
  event: string;
  /** The events after `after`, in increasing id, at most FEED_BATCH. */
  read: (after: number) => Promise<FeedEvent[]>;
  pollMs?: number;
  heartbeatMs?: number;
  maxStreamMs?: number;
  now?: () => number;
}

/** Where the stream starts: `?after=N`, else the Last-Event-ID a reconnecting browser sends. */
export function startOf(c: Context): number {
  const raw = c.req.query('after') ?? c.req.header('last-event-id') ?? '0';
  if (!/^[0-9]{1,15}$/.test(raw)) {
    throw new HttpError(400, 'invalid-query', 'after: the id of the last move the page has.');
  }
  return Number(raw);
}

export function changeFeed(c: Context, options: FeedOptions): Response {
  const after = startOf(c);
  const pollMs = options.pollMs ?? POLL_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const maxStreamMs = options.maxStreamMs ?? MAX_STREAM_MS;
  const now = options.now ?? Date.now;
  c.header('Cache-Control', 'no-store');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const began = now();
    let last = after;
    let lastSent = began;
    await stream.writeSSE({ event: 'open', data: JSON.stringify({ after }) });
    while (!stream.aborted && !stream.closed && now() - began < maxStreamMs) {
      let events: FeedEvent[];
      try {
        events = await options.read(last);
      } catch {
        break;
      }
      for (const event of events) {
        last = event.id;
        if (event.data === null) continue;
        await stream.writeSSE({
          event: options.event,
          id: String(event.id),
          data: JSON.stringify(event.data),
        });
        lastSent = now();
      }
      if (events.length >= FEED_BATCH) continue;
      if (now() - lastSent >= heartbeatMs) {
        await stream.write(': still here\n\n');
        lastSent = now();
      }
      await stream.sleep(pollMs);
    }
  });
}
