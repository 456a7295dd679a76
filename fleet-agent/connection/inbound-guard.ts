/**
 * The fleet client's boundary around every message it takes in: nothing a broker delivers
 * can throw out of it, or reject unhandled, into the main process (where it would stop the
 * MQTT client reading, drop the kiosk off at the next keepalive, and bring the broker's
 * retained copy back at every reconnect).
 *
 * - A message over its topic's byte limit (shared/fleet/message-limits.ts) is dropped
 *   before anything decodes it.
 * - A handler that throws, or whose promise rejects, has its message dropped.
 *
 * Each dropped message is logged once, however often the broker sends the same bytes
 * again (a retained message comes back at every connect), and at most MAX_LOGGED_DROPS
 * lines in all; health counts every drop and names the last few distinct ones.
 */
import { createHash } from 'node:crypto';
import { tooLargeReason } from '../../shared/fleet/message-limits';
import { MAX_REPORTED_DROPS } from '../../shared/fleet/payloads';
import type { FleetLog } from '../fleet-log';

/** What health reports of the dropped messages. */
export interface DroppedMessages {
  count: number;
  recent: { at: string; topic: string; reason: string }[];
}

/** Where a message on one topic goes. */
export interface InboundRoute {
  /** The largest payload taken, in bytes. */
  limit: number;
  handle(bytes: Uint8Array): void | Promise<void>;
  /** Run instead of `handle` for a message over the limit (e.g. acknowledge a command). */
  tooLarge?: () => void | Promise<void>;
}

export interface InboundGuard {
  /** Hands `payload` to the route's handler, or drops it; never throws. */
  deliver(topic: string, payload: Uint8Array, route: InboundRoute): void;
  dropped(): DroppedMessages;
}

export interface InboundGuardOptions {
  log: FleetLog;
  now?: () => number;
  /** A message dropped for the first time (health can say so now). */
  onNewDrop?: () => void;
}

/** Log lines for dropped messages in one run; after that, health alone counts them. */
export const MAX_LOGGED_DROPS = 20;
/** Distinct dropped messages remembered, so a redelivered one is not logged again. */
const REMEMBERED_DROPS = 64;

/** One line of bounded, printable text, as health's schema wants it. */
const printable = (value: string, max: number): string =>
  value.replace(/\p{Cc}+/gu, ' ').slice(0, max);

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : 'a non-error value was thrown';
}

export function createInboundGuard(options: InboundGuardOptions): InboundGuard {
  const { log } = options;
  const now = options.now ?? Date.now;
  let count = 0;
  let logged = 0;
  const recent: DroppedMessages['recent'] = [];
  /** Topic, reason and digest of the bytes of recently dropped messages, oldest first. */
  const seen = new Set<string>();

  const drop = (topic: string, payload: Uint8Array, reason: string): void => {
    count += 1;
    const digest = createHash('sha256').update(payload).digest('base64url');
    const key = `${topic}\n${reason}\n${digest}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (seen.size > REMEMBERED_DROPS) {
      const oldest = seen.values().next();
      if (!oldest.done) seen.delete(oldest.value);
    }
    recent.push({
      at: new Date(now()).toISOString(),
      topic: printable(topic, 256),
      reason: printable(reason, 200),
    });
    recent.splice(0, Math.max(0, recent.length - MAX_REPORTED_DROPS));
    if (logged < MAX_LOGGED_DROPS) {
      logged += 1;
      log.warn(`Fleet: dropped a message on ${printable(topic, 256)}: ${printable(reason, 300)}`);
      if (logged === MAX_LOGGED_DROPS) {
        log.warn('Fleet: further dropped messages are counted in health, not logged');
      }
      try {
        options.onNewDrop?.();
      } catch {
        // Reporting is best effort: the message is dropped either way.
      }
    }
  };

  const run = (topic: string, payload: Uint8Array, work: () => void | Promise<void>): void => {
    const failed = (error: unknown): void => {
      drop(topic, payload, `its handler failed (${describe(error)})`);
    };
    try {
      const result = work();
      if (result instanceof Promise) void result.catch(failed);
    } catch (error) {
      failed(error);
    }
  };

  return {
    deliver: (topic, payload, route) => {
      if (payload.byteLength > route.limit) {
        drop(topic, payload, tooLargeReason(payload.byteLength, route.limit));
        const { tooLarge } = route;
        if (tooLarge) run(topic, payload, tooLarge);
        return;
      }
      run(topic, payload, () => route.handle(payload));
    },
    dropped: () => ({ count, recent: recent.map((entry) => ({ ...entry })) }),
  };
}
