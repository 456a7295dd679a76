/**
 * The outbox on disk: one order per receipt, kept across a restart, bounded, written so a
 * crash never leaves half a file, and a bad file set aside for an empty outbox, never a
 * crash.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_DONE,
  MAX_OUTBOX_BYTES,
  openOrderOutbox,
  ORDER_MAX_AGE_MS,
  OUTBOX_FILE,
  type OrderOutboxOptions,
} from '../../../fleet-agent/orders/order-outbox';
import type { ShopOrder } from '../../../shared/fleet/orders/shop-order';
import { fuzzParameters, hostilePayload } from '../../support/fixtures/hostile-payloads';
import { memoryLog } from '../support/fleet-fixtures';
import { sampleOrder as confirmedOrder } from './support/order-fixtures';

const NOW = 1_800_000_000_000;
let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'order-outbox-'));
  path = join(dir, OUTBOX_FILE);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** An order confirmed at NOW. */
const sampleOrder = (overrides: Partial<ShopOrder> = {}): ShopOrder =>
  confirmedOrder('kiosk-front-1', NOW, overrides);

function open(options: Partial<OrderOutboxOptions> = {}) {
  const log = memoryLog();
  const outbox = openOrderOutbox({ path, log, now: () => NOW, ...options });
  return { outbox, log };
}

describe('the order outbox', () => {
  it('keeps orders oldest first, and each receipt once, waiting or done', () => {
    const { outbox } = open();
    const first = sampleOrder();
    const second = sampleOrder();
    expect(outbox.add(first)).toBe('added');
    expect(outbox.add(second)).toBe('added');
    expect(outbox.add({ ...first, totalCents: first.totalCents })).toBe('duplicate');
    expect(outbox.size()).toBe(2);
    expect(outbox.next()).toEqual(first);
    outbox.settle(first);
    expect(outbox.next()).toEqual(second);
    // Delivered lately: the page asking again keeps nothing.
    expect(outbox.add(first)).toBe('duplicate');
    expect(outbox.size()).toBe(1);
    // The same receipt id from another kiosk is another order.
    expect(outbox.add({ ...first, kioskId: 'kiosk-back-2' })).toBe('added');
  });

  it('tries a postponed order after the others', () => {
    const { outbox } = open();
    const [a, b, c] = [sampleOrder(), sampleOrder(), sampleOrder()];
    for (const order of [a, b, c]) outbox.add(order);
    outbox.postpone(a);
    expect(outbox.next()).toEqual(b);
    outbox.settle(b);
    expect(outbox.next()).toEqual(c);
  });

  it('survives a restart: what waited still waits, what was done is still done', () => {
    const { outbox } = open();
    const [waiting, delivered] = [sampleOrder(), sampleOrder()];
    outbox.add(waiting);
    outbox.add(delivered);
    outbox.settle(delivered);
    const { outbox: again, log } = open();
    expect(again.size()).toBe(1);
    expect(again.next()).toEqual(waiting);
    expect(again.add(delivered)).toBe('duplicate');
    expect(again.add(waiting)).toBe('duplicate');
    expect(log.lines).toEqual([]);
  });

  it('writes only the file itself, for this account alone, leaving nothing aside', () => {
    const { outbox } = open();
    outbox.add(sampleOrder());
    expect(readdirSync(dir)).toEqual([OUTBOX_FILE]);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ version: 1, done: [] });
  });

  it('lets the oldest order give way past its bound, and says so', () => {
    const { outbox, log } = open({ maxPending: 3 });
    const orders = [sampleOrder(), sampleOrder(), sampleOrder(), sampleOrder()];
    for (const order of orders) outbox.add(order);
    expect(outbox.size()).toBe(3);
    expect(outbox.next()).toEqual(orders[1]);
    expect(log.matching(`the oldest (${orders[0]?.receiptId}) is dropped`)).toHaveLength(1);
  });

  it('remembers the last done receipts only', () => {
    expect(MAX_DONE).toBe(1000);
    const { outbox } = open({ maxDone: 5 });
    const orders = Array.from({ length: 6 }, (_, index) =>
      sampleOrder({ receiptId: `Receipt-${NOW + index}-1` }),
    );
    for (const order of orders) {
      outbox.add(order);
      outbox.settle(order);
    }
    const done = (JSON.parse(readFileSync(path, 'utf8')) as { done: string[] }).done;
    expect(done).toHaveLength(5);
    expect(outbox.add(orders[0] as ShopOrder)).toBe('added');
    expect(outbox.add(orders[5] as ShopOrder)).toBe('duplicate');
  });

  it('drops orders older than the hold window, which the service no longer takes', () => {
    let now = NOW;
    const { outbox, log } = open({ now: () => now });
    const old = sampleOrder({ at: NOW });
    outbox.add(old);
    now = NOW + ORDER_MAX_AGE_MS + 1;
    expect(outbox.next()).toBeNull();
    expect(log.matching('older than 14 days')).toHaveLength(1);
    // At the next start too.
    outbox.add(sampleOrder({ at: NOW }));
    const { outbox: again } = open({ now: () => NOW + 2 * ORDER_MAX_AGE_MS });
    expect(again.size()).toBe(0);
  });

  it.each([
    ['not JSON', '{"version":1,"pending":['],
    ['not an outbox', JSON.stringify({ version: 2, pending: [], done: [] })],
    [
      'an order the service would refuse',
      JSON.stringify({
        version: 1,
        pending: [{ order: { ...sampleOrder(), totalCents: 1 }, queuedAt: NOW }],
        done: [],
      }),
    ],
    ['empty', ''],
  ])('sets a file that is %s aside and starts empty', (_name, text) => {
    writeFileSync(path, text);
    const { outbox, log } = open();
    expect(outbox.size()).toBe(0);
    expect(existsSync(`${path}.corrupt-${NOW}`)).toBe(true);
    expect(readFileSync(`${path}.corrupt-${NOW}`, 'utf8')).toBe(text);
    expect(log.matching('was set aside as')).toHaveLength(1);
    // And works on: the next order is kept in a fresh file.
    expect(outbox.add(sampleOrder())).toBe('added');
    expect(open().outbox.size()).toBe(1);
  });

  it('sets a file too large to be an outbox aside without reading it', () => {
    writeFileSync(path, Buffer.alloc(MAX_OUTBOX_BYTES + 1, 0x20));
    const { outbox, log } = open();
    expect(outbox.size()).toBe(0);
    expect(log.matching(`it is ${MAX_OUTBOX_BYTES + 1} bytes`)).toHaveLength(1);
  });

  it('starts empty on a path it cannot read, and keeps orders in memory when it cannot write', () => {
    mkdirSync(path);
    const { outbox, log } = open();
    expect(outbox.size()).toBe(0);
    expect(log.matching('cannot read')).toHaveLength(1);
    expect(outbox.add(sampleOrder())).toBe('added');
    expect(outbox.add(sampleOrder())).toBe('added');
    expect(outbox.size()).toBe(2);
    // One line for the spell, not one per order.
    expect(log.matching('cannot write')).toHaveLength(1);
  });

  it('says when the file can be written again, with every order kept meanwhile', () => {
    const { outbox, log } = open();
    outbox.add(sampleOrder());
    // A folder in the file's place: nothing can be renamed over it, whoever runs.
    rmSync(path);
    mkdirSync(join(path, 'in-the-way'), { recursive: true });
    outbox.add(sampleOrder());
    outbox.add(sampleOrder());
    expect(log.matching('cannot write')).toHaveLength(1);
    rmSync(path, { recursive: true });
    outbox.add(sampleOrder());
    expect(log.matching('is written again')).toHaveLength(1);
    expect(open().outbox.size()).toBe(4);
  });

  it('keeps orders in memory only without a path', () => {
    const outbox = openOrderOutbox({ path: null, log: memoryLog(), now: () => NOW });
    outbox.add(sampleOrder());
    expect(outbox.size()).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('opens whatever file it finds without throwing: a valid outbox, or an empty one', () => {
    const seed = JSON.stringify({
      version: 1,
      pending: [{ order: sampleOrder(), queuedAt: NOW }],
      done: ['kiosk-front-1/Receipt-1-1'],
    });
    fc.assert(
      fc.property(hostilePayload([seed]), (bytes) => {
        writeFileSync(path, bytes);
        const { outbox } = open();
        expect(outbox.size()).toBeLessThanOrEqual(1);
        const order = outbox.next();
        if (order !== null) expect(outbox.add(order)).toBe('duplicate');
        rmSync(path, { force: true });
      }),
      fuzzParameters(300),
    );
  }, 30_000);
});
