/**
 * The kiosk's orders not yet answered by the shop service, on disk
 * (`<userData>/shop-orders.json`, mode 0600), so an order confirmed while the service or
 * the network is down still arrives after an outage or a restart.
 *
 * - One entry per receipt: an order whose receipt is waiting, or was delivered or refused
 *   lately (the last MAX_DONE receipts are remembered), is not kept again. The service is
 *   idempotent on the receipt as well; this spares it the repeat.
 * - Bounded: at most MAX_PENDING orders wait; past that the oldest gives way (logged), since
 *   the shopper who confirmed last is the one on the way to the counter. An order older
 *   than the service's hold window is dropped: the service takes none of those.
 * - Written aside, synced, then renamed over the old file, so a power cut leaves the old
 *   outbox or the new one, never half of one. A write that fails is logged, and the outbox
 *   goes on in memory: this run still delivers.
 * - A file that is too large, not JSON, or not an outbox is moved aside
 *   (`shop-orders.json.corrupt-<ms>`) for a person to look at, and the kiosk starts with an
 *   empty outbox. Nothing read from it can stop the kiosk.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { z } from 'zod';
import { shopOrderSchema, type ShopOrder } from '../../shared/fleet/orders/shop-order';
import type { FleetLog } from '../fleet-log';

export const OUTBOX_FILE = 'shop-orders.json';
/** Orders waiting at most: days of a busy kiosk's orders with the service away. */
export const MAX_PENDING = 500;
/** Receipts remembered as done, so a page that asks twice sends once. */
export const MAX_DONE = 1000;
/** The service's default hold window: an order older than this is refused there. */
export const ORDER_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** 500 orders of 100 long lines each stay below it; anything larger is not our outbox. */
export const MAX_OUTBOX_BYTES = 16 * 1024 * 1024;

const entrySchema = z.strictObject({
  order: shopOrderSchema,
  /** When the kiosk kept it, ms. */
  queuedAt: z.int().min(0).max(8.64e15),
});
type OutboxEntry = z.infer<typeof entrySchema>;

const outboxSchema = z.strictObject({
  version: z.literal(1),
  pending: z.array(entrySchema).max(MAX_PENDING),
  /** Keys (receiptKey) of orders lately delivered or refused, oldest first. */
  done: z.array(z.string().max(200)).max(MAX_DONE),
});
type OutboxRecord = z.infer<typeof outboxSchema>;

/** One order per kiosk and receipt, as the service keys them. */
export const receiptKey = (order: Pick<ShopOrder, 'kioskId' | 'receiptId'>): string =>
  `${order.kioskId}/${order.receiptId}`;

export interface OrderOutbox {
  /** Keeps `order` to be sent: 'duplicate' when its receipt waits or was done lately. */
  add(order: ShopOrder): 'added' | 'duplicate';
  /** The order to try next (oldest first, after those postponed), or null: none waits. */
  next(): ShopOrder | null;
  /** Tries the others first: this one was not answered. In memory only. */
  postpone(order: ShopOrder): void;
  /** Done with the order of this receipt: delivered, or refused for good. */
  settle(order: ShopOrder): void;
  /** How many orders wait. */
  size(): number;
}

export interface OrderOutboxOptions {
  /** The outbox file; null: in memory only (userData cannot be written). */
  path: string | null;
  log: FleetLog;
  now?: () => number;
  maxPending?: number;
  maxDone?: number;
  maxAgeMs?: number;
}

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;
const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

const EMPTY = (): OutboxRecord => ({ version: 1, pending: [], done: [] });

type Reading = { record: OutboxRecord } | { corrupt: string } | { unreadable: string };

function readOutbox(path: string): Reading {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return { record: EMPTY() };
    return { unreadable: messageOf(error) };
  }
  let text: string;
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { unreadable: 'it is not a file' };
    if (stat.size > MAX_OUTBOX_BYTES) return { corrupt: `it is ${stat.size} bytes` };
    text = readFileSync(fd, 'utf8');
  } catch (error) {
    return { unreadable: messageOf(error) };
  } finally {
    closeSync(fd);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { corrupt: 'it is not JSON' };
  }
  const parsed = outboxSchema.safeParse(json);
  return parsed.success ? { record: parsed.data } : { corrupt: 'it is not an order outbox' };
}

/** Writes `text` to `path` aside, synced, then renamed over it. */
function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // Renamed already, or never made: nothing left to clean up.
    }
    throw error;
  }
}

/** The outbox at `path` as it was left, or an empty one (a bad file is moved aside). */
function loadOutbox(path: string | null, log: FleetLog, now: number): OutboxRecord {
  if (path === null) return EMPTY();
  const reading = readOutbox(path);
  if ('record' in reading) return reading.record;
  if ('unreadable' in reading) {
    log.error(`Orders: cannot read ${path} (${reading.unreadable}); starting with no orders kept`);
    return EMPTY();
  }
  const aside = `${path}.corrupt-${now}`;
  try {
    renameSync(path, aside);
    log.error(
      `Orders: ${path} was set aside as ${aside} (${reading.corrupt}); starting with no orders kept`,
    );
  } catch (error) {
    log.error(
      `Orders: ${path} is unusable (${reading.corrupt}) and cannot be set aside (${messageOf(error)}); starting with no orders kept`,
    );
  }
  return EMPTY();
}

export function openOrderOutbox(options: OrderOutboxOptions): OrderOutbox {
  const { path, log } = options;
  const now = options.now ?? Date.now;
  const maxPending = options.maxPending ?? MAX_PENDING;
  const maxDone = options.maxDone ?? MAX_DONE;
  const maxAgeMs = options.maxAgeMs ?? ORDER_MAX_AGE_MS;
  const record = loadOutbox(path, log, now());
  let pending: OutboxEntry[] = record.pending;
  const done: string[] = record.done;
  let writeFailing = false;

  const save = (): void => {
    if (path === null) return;
    const text = `${JSON.stringify({ version: 1, pending, done } satisfies OutboxRecord)}\n`;
    try {
      writeAtomically(path, text);
      if (writeFailing) log.info(`Orders: ${path} is written again`);
      writeFailing = false;
    } catch (error) {
      if (!writeFailing) {
        log.error(
          `Orders: cannot write ${path} (${messageOf(error)}); orders are kept in memory only until it can be`,
        );
      }
      writeFailing = true;
    }
  };

  const remember = (key: string): void => {
    if (!done.includes(key)) done.push(key);
    if (done.length > maxDone) done.splice(0, done.length - maxDone);
  };

  /** Drops what the service would refuse for its age; whether any was dropped. */
  const expire = (): boolean => {
    const oldest = now() - maxAgeMs;
    const kept = pending.filter((entry) => entry.order.at >= oldest);
    const dropped = pending.length - kept.length;
    if (dropped === 0) return false;
    pending = kept;
    log.warn(
      `Orders: dropped ${dropped} order${dropped === 1 ? '' : 's'} older than ${Math.round(maxAgeMs / 86_400_000)} days, which the shop service no longer takes`,
    );
    return true;
  };

  if (expire()) save();

  return {
    add(order) {
      const key = receiptKey(order);
      if (done.includes(key) || pending.some((entry) => receiptKey(entry.order) === key)) {
        return 'duplicate';
      }
      pending.push({ order, queuedAt: now() });
      if (pending.length > maxPending) {
        const [oldest] = pending.splice(0, pending.length - maxPending);
        log.error(
          `Orders: more than ${maxPending} orders wait for the shop service; the oldest (${oldest?.order.receiptId ?? '?'}) is dropped`,
        );
      }
      save();
      return 'added';
    },
    next() {
      if (expire()) save();
      return pending[0]?.order ?? null;
    },
    postpone(order) {
      const index = pending.findIndex((entry) => receiptKey(entry.order) === receiptKey(order));
      if (index < 0) return;
      const [entry] = pending.splice(index, 1);
      if (entry) pending.push(entry);
    },
    settle(order) {
      const key = receiptKey(order);
      pending = pending.filter((entry) => receiptKey(entry.order) !== key);
      remember(key);
      save();
    },
    size: () => pending.length,
  };
}
