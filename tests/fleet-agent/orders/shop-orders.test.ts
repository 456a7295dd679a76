/**
 * A kiosk's orders on their way, end to end: the fleet agent's orders (outbox on disk,
 * delivery, sender) against the real shop service (`npm run shop-service`, PGlite in a
 * temporary data folder) in its own process. An order confirmed while the service is down
 * waits through the outage and a restart of the kiosk, arrives once when the service comes
 * up, and is listed for staff; a duplicate sent by any road leaves one record. Before that,
 * what the kiosk keeps at all: nothing unless enrolled, nothing the page made up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { OUTBOX_FILE } from '../../../fleet-agent/orders/order-outbox';
import { createShopOrders, type ShopOrders } from '../../../fleet-agent/orders/shop-orders';
import type { OrderToSend } from '../../../shared/bridge';
import { restartablePort } from '../../../tools/cluster/restartable-port';
import { openServices } from '../../../services/shop/server/start-service';
import { issueToken } from '../../../services/shop/staff/tokens';
import { makeWorld, newReceiptId, type TestKiosk } from '../../services/shop/support/shop-world';
import {
  startServiceProcess,
  type ServiceProcess,
} from '../../services/shop/support/service-process';
import { memoryLog, sleep } from '../support/fleet-fixtures';
import { credentialsOf } from './support/order-fixtures';

const world = makeWorld(1);
const kiosk = world.kiosks[0] as TestKiosk;
const folders: string[] = [];
const running: ShopOrders[] = [];
let service: ServiceProcess | null = null;

afterAll(async () => {
  for (const orders of running) orders.stop();
  await service?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
}

/** What the page hands over at the confirm step. */
function pageOrder(receiptId = newReceiptId()): OrderToSend {
  return {
    receiptId,
    at: Date.now(),
    lines: [
      { productId: 3, title: 'Mens Cotton Jacket', quantity: 2, priceCents: 5599 },
      { productId: 7, title: 'White Gold Ring', quantity: 1, priceCents: 999 },
    ],
    totalCents: 12197,
  };
}

/** The kiosk's orders, as its main process makes them, on `userData`. */
function kioskOrders(serviceUrl: string, userData: string, enrolled: () => boolean = () => true) {
  const log = memoryLog();
  const orders = createShopOrders({
    serviceUrl,
    credentials: credentialsOf(kiosk, enrolled),
    ready: Promise.resolve(),
    outboxPath: join(userData, OUTBOX_FILE),
    log,
    // Short waits, so the outage is tried a few times within the test.
    backoff: { baseMs: 100, capMs: 800 },
  });
  running.push(orders);
  return { orders, log };
}

async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

interface ListedOrder {
  kioskId: string;
  receiptId: string;
  at: number;
  lines: unknown[];
  totalCents: number;
  serial: string;
}

async function listed(origin: string, token: string): Promise<ListedOrder[]> {
  const response = await fetch(`${origin}/orders?kiosk=${kiosk.id}&limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { orders: ListedOrder[] }).orders;
}

describe('what a kiosk keeps', () => {
  it('keeps nothing while it is not enrolled, nor what the page made up', async () => {
    const userData = folder('kiosk-orders-');
    let enrolled = false;
    const { orders, log } = kioskOrders('http://127.0.0.1:9', userData, () => enrolled);
    expect(await orders.submit(pageOrder())).toBe('not-enrolled');
    expect(await orders.submit(pageOrder())).toBe('not-enrolled');
    expect(log.matching('not enrolled')).toHaveLength(1);
    enrolled = true;
    expect(await orders.submit({ ...pageOrder(), totalCents: 1 })).toBe('invalid');
    expect(await orders.submit('Receipt-1-1')).toBe('invalid');
    expect(orders.pending()).toBe(0);
    const order = pageOrder();
    expect(await orders.submit(order)).toBe('queued');
    expect(await orders.submit(order)).toBe('duplicate');
    expect(orders.pending()).toBe(1);
  });

  it('answers at once, whatever the service does', async () => {
    const hanging = vi.fn<typeof fetch>(() => new Promise(() => undefined));
    const orders = createShopOrders({
      serviceUrl: 'https://shop-service.test',
      credentials: credentialsOf(kiosk),
      outboxPath: null,
      log: memoryLog(),
      fetch: hanging,
    });
    running.push(orders);
    const started = performance.now();
    expect(await orders.submit(pageOrder())).toBe('queued');
    expect(performance.now() - started).toBeLessThan(100);
    await until(() => hanging.mock.calls.length === 1, 'it sent');
    orders.stop();
  });
});

describe('a shop service from before pictures', () => {
  it('gets the order without its pictures when it refuses them, and only then', async () => {
    const bodies: { lines: Record<string, unknown>[] }[] = [];
    const refused = new Set<string>();
    // As an older service: its schema refuses a line with a field it does not know.
    const older = vi.fn<typeof fetch>((_url, init) => {
      const body = typeof init?.body === 'string' ? init.body : '{}';
      const { order } = JSON.parse(body) as {
        order: { lines: Record<string, unknown>[]; kioskId: string; receiptId: string };
      };
      bodies.push(order);
      const refuses = order.lines.some((line) => 'image' in line) || refused.has(order.receiptId);
      return Promise.resolve(
        refuses
          ? new Response(JSON.stringify({ error: 'invalid-body' }), { status: 400 })
          : new Response(JSON.stringify({ order }), { status: 201 }),
      );
    });
    const orders = createShopOrders({
      serviceUrl: 'https://shop-service.test',
      credentials: credentialsOf(kiosk),
      outboxPath: null,
      log: memoryLog(),
      fetch: older,
      embeddedCatalogue: true,
    });
    running.push(orders);
    const order = pageOrder();
    const pictured = {
      ...order,
      lines: order.lines.map((line) => ({ ...line, image: `/api/images/${line.productId}.svg` })),
    };
    expect(await orders.submit(pictured)).toBe('queued');
    await until(() => orders.pending() === 0, 'the order was delivered');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.lines.map((line) => line.image)).toEqual([
      '/pick/images/3.svg',
      '/pick/images/7.svg',
    ]);
    expect(bodies[1]?.lines.every((line) => !('image' in line))).toBe(true);
    // An order without pictures that is refused is not sent again.
    const plain = pageOrder();
    refused.add(plain.receiptId);
    expect(await orders.submit(plain)).toBe('queued');
    await until(() => orders.pending() === 0, 'the refused order left the outbox');
    expect(bodies).toHaveLength(3);
    orders.stop();
  });
});

describe('orders and the real shop service', () => {
  it('delivers an order confirmed during an outage once the service is up, through a kiosk restart, once', async () => {
    const data = folder('shop-service-data-');
    const { services, database } = await openServices(
      { engine: 'pglite', dataDir: data },
      world.trust,
    );
    const { token } = await issueToken(
      services.db,
      { name: 'Pick screen', role: 'counter', expiresAt: null },
      Date.now(),
    );
    await database.close();
    const port = await restartablePort();
    const origin = `http://127.0.0.1:${port}`;
    const userData = folder('kiosk-orders-');

    // The service is down: the order waits, tried again and again with backoff.
    const first = kioskOrders(origin, userData);
    const order = pageOrder();
    expect(await first.orders.submit(order)).toBe('queued');
    await until(() => first.log.matching('trying again with backoff').length > 0, 'it failed');
    await sleep(1000);
    expect(first.orders.pending()).toBe(1);
    expect(first.log.matching('ECONNREFUSED').length).toBeGreaterThan(0);

    // The kiosk restarts: the order is still in its outbox.
    first.orders.stop();
    const second = kioskOrders(origin, userData);
    expect(second.orders.pending()).toBe(1);

    // The service comes up: the order arrives, carrying the kiosk's certificate with it.
    service = await startServiceProcess([
      '--port',
      String(port),
      '--data',
      data,
      `--enrolment-key=${world.enrolment.publicText}`,
    ]);
    await until(() => second.orders.pending() === 0, 'the order was delivered');
    expect(second.log.matching('takes orders again')).toHaveLength(1);
    expect(await listed(origin, token)).toEqual([
      expect.objectContaining({
        ...order,
        kioskId: kiosk.id,
        serial: kiosk.serial,
      }),
    ]);

    // The page asks again: the outbox knows it was delivered.
    expect(await second.orders.submit(order)).toBe('duplicate');
    // A kiosk that lost its outbox sends it again: the service keeps the one record.
    const forgetful = kioskOrders(origin, folder('kiosk-orders-'));
    expect(await forgetful.orders.submit(order)).toBe('queued');
    await until(() => forgetful.orders.pending() === 0, 'the repeat was answered');
    expect(forgetful.log.matching('refused')).toEqual([]);
    const after = await listed(origin, token);
    expect(after.filter((kept) => kept.receiptId === order.receiptId)).toHaveLength(1);
    expect(after).toHaveLength(1);
  }, 180_000);
});
