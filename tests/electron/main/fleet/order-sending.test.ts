/**
 * The kiosk's orders wired to Electron: only the app's own page may hand one over; without
 * shopServiceUrl nothing is kept or sent; without a fleet identity there is nothing to
 * sign with and the log says so once; with both, the page's order is kept in userData and
 * posted, signed, to the service's /orders, and an enrolment change tries the waiting
 * orders at once.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcMain } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  setupOrderSending,
  type OrderSendingOptions,
} from '../../../../electron/main/fleet/order-sending';
import type { KioskEnrolment } from '../../../../fleet-agent/identity/enrolment';
import { OUTBOX_FILE } from '../../../../fleet-agent/orders/order-outbox';
import { IPC_CHANNELS, type OrderToSend } from '../../../../shared/bridge';
import { KIOSK_REQUEST_HEADERS } from '../../../../shared/fleet/trust/kiosk-request-signature';
import { credentialsOf } from '../../../fleet-agent/orders/support/order-fixtures';
import { makeWorld, newReceiptId, type TestKiosk } from '../../../services/shop/support/shop-world';
import { as, fakeLogger, ipcEventFrom } from '../../support/fake-electron';

vi.mock('electron', () => ({}));

const APP = ipcEventFrom('app://shop/index.html');
const kiosk = makeWorld(1).kiosks[0] as TestKiosk;
let userData: string;

beforeEach(() => {
  userData = mkdtempSync(join(tmpdir(), 'order-sending-'));
});
afterEach(() => {
  rmSync(userData, { recursive: true, force: true });
});

function pageOrder(): OrderToSend {
  return {
    receiptId: newReceiptId(),
    at: Date.now(),
    lines: [{ productId: 7, title: 'White Gold Ring', quantity: 1, priceCents: 999 }],
    totalCents: 999,
  };
}

type Listener = (event: unknown, ...args: unknown[]) => void;

function setup(overrides: Partial<OrderSendingOptions> = {}) {
  const listeners = new Map<string, Listener>();
  const ipcMain = as<IpcMain>({
    on: (channel: string, listener: Listener) => listeners.set(channel, listener),
  });
  const changes: (() => void)[] = [];
  const enrolment = as<KioskEnrolment>({
    ready: Promise.resolve(),
    onChange: (listener: () => void) => {
      changes.push(listener);
      return () => undefined;
    },
  });
  const fetchSpy = vi.fn<typeof fetch>(() => Promise.resolve(new Response('', { status: 503 })));
  const log = fakeLogger();
  const orders = setupOrderSending({
    ipcMain,
    config: { shopServiceUrl: 'https://shop-service.test', catalogueUrl: '' },
    identity: { enrolment, requestCredentials: credentialsOf(kiosk) },
    userDataDir: userData,
    log,
    seams: { fetch: fetchSpy, random: () => 0 },
    ...overrides,
  });
  const handOver = (event: unknown, order: unknown): void => {
    const listener = listeners.get(IPC_CHANNELS.sendOrder);
    if (!listener) throw new Error('nothing listens for sendOrder');
    listener(event, order);
  };
  return { orders, handOver, fetchSpy, log, changes };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('handing the page’s order to the shop service', () => {
  it('keeps it in userData and posts it, signed, to the service', async () => {
    const { orders, handOver, fetchSpy, log } = setup();
    const order = pageOrder();
    handOver(APP, order);
    await settle();
    await orders?.idle();
    expect(existsSync(join(userData, OUTBOX_FILE))).toBe(true);
    expect(orders?.pending()).toBe(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toEqual(new URL('https://shop-service.test/orders'));
    const headers = new Headers(init?.headers);
    expect(headers.get(KIOSK_REQUEST_HEADERS.kiosk)).toBe(kiosk.id);
    expect(headers.get(KIOSK_REQUEST_HEADERS.signature)).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(JSON.parse(init?.body as string)).toMatchObject({
      order: { ...order, kioskId: kiosk.id },
    });
    expect(log.info).toHaveBeenCalledWith(
      'Orders: each confirmed order goes to the shop service at https://shop-service.test',
    );
    orders?.stop();
  });

  it('sends the collection number main gave the receipt, or none when it cannot give one', async () => {
    const numbers = new Map<string, string>();
    const fetchSpy = vi.fn<typeof fetch>(() =>
      Promise.resolve(Response.json({ order: {} }, { status: 201 })),
    );
    const { orders, handOver, log } = setup({
      seams: { fetch: fetchSpy, random: () => 0 },
      collectionNumber: (receiptId) => {
        if (numbers.size > 0) throw new Error('the counter is full');
        numbers.set(receiptId, 'K 4');
        return 'K 4';
      },
    });
    const first = pageOrder();
    const second = pageOrder();
    handOver(APP, first);
    await settle();
    handOver(APP, second);
    await settle();
    await orders?.idle();
    const bodies = fetchSpy.mock.calls.map(
      ([, init]) => (JSON.parse(init?.body as string) as { order: Record<string, unknown> }).order,
    );
    expect(bodies.find((order) => order.receiptId === first.receiptId)).toMatchObject({
      collectionNumber: 'K 4',
    });
    expect(bodies.find((order) => order.receiptId === second.receiptId)).not.toHaveProperty(
      'collectionNumber',
    );
    expect(log.error).toHaveBeenCalledWith(
      `Orders: no collection number for ${second.receiptId} (the counter is full); sent without one`,
    );
    orders?.stop();
  });

  it('gives each line the picture the staff can see: the service’s drawing on the embedded catalogue', async () => {
    const sent = async (catalogueUrl: string) => {
      const fetchSpy = vi.fn<typeof fetch>(() =>
        Promise.resolve(Response.json({ order: {} }, { status: 201 })),
      );
      const { orders, handOver } = setup({
        config: { shopServiceUrl: 'https://shop-service.test', catalogueUrl },
        userDataDir: null,
        seams: { fetch: fetchSpy, random: () => 0 },
      });
      const order = pageOrder();
      handOver(APP, {
        ...order,
        lines: [
          { ...order.lines[0], image: '/api/images/7.svg' },
          {
            productId: 8,
            title: 'Pearl',
            quantity: 1,
            priceCents: 0,
            image: 'https://img.test/8.png',
          },
        ],
      });
      await settle();
      await orders?.idle();
      orders?.stop();
      const [, init] = fetchSpy.mock.calls[0] ?? [];
      return (JSON.parse(init?.body as string) as { order: { lines: unknown[] } }).order.lines;
    };
    expect(await sent('')).toMatchObject([
      { productId: 7, image: '/pick/images/7.svg' },
      { productId: 8, image: 'https://img.test/8.png' },
    ]);
    // With a catalogue host, the app's own paths name no drawing of the service's.
    const hosted = await sent('https://catalogue.test');
    expect(hosted[0]).not.toHaveProperty('image');
    expect(hosted[1]).toMatchObject({ image: 'https://img.test/8.png' });
  });

  it('takes orders from the app’s own top-level page only', async () => {
    const { orders, handOver, log } = setup();
    handOver(ipcEventFrom('https://evil.example/'), pageOrder());
    handOver(ipcEventFrom('app://shop/index.html', { subframe: true }), pageOrder());
    handOver(ipcEventFrom(null), pageOrder());
    await settle();
    expect(orders?.pending()).toBe(0);
    expect(log.warn).toHaveBeenCalledExactlyOnceWith(
      `IPC: rejected ${IPC_CHANNELS.sendOrder} from https://evil.example/`,
    );
    orders?.stop();
  });

  it('tries the waiting orders at once when the enrolment changes', async () => {
    const fetchSpy = vi.fn<typeof fetch>(() => Promise.resolve(new Response('', { status: 503 })));
    // A minute's wait after the first failure: only the enrolment's change cuts it short.
    const { orders, handOver, changes } = setup({
      seams: { fetch: fetchSpy, random: () => 0.99, backoff: { baseMs: 60_000, capMs: 60_000 } },
    });
    handOver(APP, pageOrder());
    await settle();
    await orders?.idle();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    for (const change of changes) change();
    await settle();
    await orders?.idle();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    orders?.stop();
  });

  it('keeps and sends nothing without a shop service', async () => {
    const { orders, handOver, fetchSpy, log } = setup({
      config: { shopServiceUrl: '', catalogueUrl: '' },
    });
    expect(orders).toBeNull();
    handOver(APP, pageOrder());
    await settle();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(existsSync(join(userData, OUTBOX_FILE))).toBe(false);
    expect(log.info).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('says once that it cannot sign orders without a fleet identity, and sends none', async () => {
    const { orders, handOver, fetchSpy, log } = setup({
      identity: { enrolment: null, requestCredentials: null },
    });
    expect(orders).toBeNull();
    handOver(APP, pageOrder());
    await settle();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledExactlyOnceWith(
      expect.stringContaining('no fleet identity to sign orders with'),
    );
  });

  it('keeps orders in memory when userData cannot be written', async () => {
    const { orders, handOver } = setup({ userDataDir: null });
    handOver(APP, pageOrder());
    await settle();
    expect(orders?.pending()).toBe(1);
    expect(existsSync(join(userData, OUTBOX_FILE))).toBe(false);
    orders?.stop();
  });
});
