import { describe, expect, it, vi } from 'vitest';
import type { IpcRenderer } from 'electron';
import {
  createActivityBridge,
  INPUT_REPORT_INTERVAL_MS,
  MAX_ORDER_IMAGE_LENGTH,
  MAX_ORDER_LINES,
  MAX_ORDER_TITLE_LENGTH,
} from '../../../electron/preload/activity-bridge';
import {
  CATALOGUE_REFRESH_CHANNEL,
  IPC_CHANNELS,
  type KioskScreen,
  type OrderToSend,
  type RendererConfig,
} from '../../../shared/bridge';

type Handler = (event: unknown, ...args: unknown[]) => void;

function fakeIpc(answer: unknown = null) {
  const handlers = new Map<string, Handler>();
  const ipc = {
    send: vi.fn(),
    invoke: vi.fn(() =>
      answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer),
    ),
    on: vi.fn((channel: string, handler: Handler) => {
      handlers.set(channel, handler);
      return ipc;
    }),
    removeListener: vi.fn((channel: string) => {
      handlers.delete(channel);
      return ipc;
    }),
  };
  return {
    ipc,
    handlers,
    bridge: (now?: () => number) => createActivityBridge(ipc as unknown as IpcRenderer, now),
  };
}

const CONFIG: RendererConfig = {
  catalogueUrl: '/api',
  mode: 'kiosk',
  idleTimeoutSeconds: 60,
  idleCountdownSeconds: 10,
  catalogueMaxAgeMinutes: 30,
};

describe('the activity bridge', () => {
  it('sends screen, dialog, wipe, receipt and catalogue reports on their channels', () => {
    const { ipc, bridge } = fakeIpc();
    const kiosk = bridge();
    kiosk.reportScreen('receipt');
    kiosk.reportDialog(true);
    kiosk.reportIdleWipe();
    kiosk.reportReceipt();
    kiosk.reportCatalogue({ products: 24, fetchedAt: 1_700_000_000_000 });
    expect(ipc.send.mock.calls).toEqual([
      [IPC_CHANNELS.reportScreen, 'receipt'],
      [IPC_CHANNELS.reportDialog, true],
      [IPC_CHANNELS.reportIdleWipe],
      [IPC_CHANNELS.reportReceipt],
      [IPC_CHANNELS.reportCatalogue, { products: 24, fetchedAt: 1_700_000_000_000 }],
    ]);
  });

  it('drops what the page got wrong instead of passing it on', () => {
    const { ipc, bridge } = fakeIpc();
    const kiosk = bridge();
    kiosk.reportScreen('checkout' as KioskScreen);
    kiosk.reportDialog('yes' as unknown as boolean);
    kiosk.reportCatalogue({ products: -1, fetchedAt: 5 });
    kiosk.reportCatalogue({ products: 3, fetchedAt: 5, cart: [1] } as never);
    expect(ipc.send.mock.calls).toEqual([
      [IPC_CHANNELS.reportCatalogue, { products: 3, fetchedAt: 5 }],
    ]);
  });

  it('sends at most one input report every few seconds', () => {
    let clock = 0;
    const { ipc, bridge } = fakeIpc();
    const kiosk = bridge(() => clock);
    kiosk.reportInput();
    clock += INPUT_REPORT_INTERVAL_MS - 1;
    kiosk.reportInput();
    clock += 1;
    kiosk.reportInput();
    expect(ipc.send).toHaveBeenCalledTimes(2);
  });

  it('never throws into the page when a report cannot be sent', () => {
    const { ipc, bridge } = fakeIpc();
    ipc.send.mockImplementation(() => {
      throw new Error('gone');
    });
    expect(() => bridge().reportReceipt()).not.toThrow();
  });

  it('passes on only a KSR1 code from main, else null', async () => {
    const request = { r: 'Receipt-1-1', t: 1, i: [[1, 1]] as [number, number][], c: 100 };
    const good = fakeIpc('KSR1.eyJyIjoxfQ.c2ln');
    await expect(good.bridge().signReceipt(request)).resolves.toBe('KSR1.eyJyIjoxfQ.c2ln');
    expect(good.ipc.invoke).toHaveBeenCalledWith(IPC_CHANNELS.signReceipt, request);
    for (const answer of [
      null,
      'Receipt-1-1',
      'KSR1.<script>',
      `KSR1.${'a'.repeat(2000)}`,
      42,
      new Error('x'),
    ]) {
      await expect(fakeIpc(answer).bridge().signReceipt(request)).resolves.toBeNull();
    }
  });

  it('hands main a copy of the confirmed order’s own fields, and nothing beside them', () => {
    const { ipc, bridge } = fakeIpc();
    const order: OrderToSend = {
      receiptId: 'Receipt-1700000000123-42',
      at: 1_700_000_000_123,
      lines: [{ productId: 7, title: 'White Gold Ring', quantity: 1, priceCents: 999 }],
      totalCents: 999,
    };
    bridge().sendOrder({
      ...order,
      shopper: 'someone@example.com',
      lines: order.lines.map((line) => ({ ...line, note: 'gift' })),
    } as OrderToSend);
    expect(ipc.send.mock.calls).toEqual([[IPC_CHANNELS.sendOrder, order]]);
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it('carries a line’s image as text of a sane length, and the line without it otherwise', () => {
    const { ipc, bridge } = fakeIpc();
    const line = { productId: 7, title: 'White Gold Ring', quantity: 1, priceCents: 999 };
    const order = { receiptId: 'Receipt-1700000000123-42', at: 1, totalCents: 999 };
    bridge().sendOrder({ ...order, lines: [{ ...line, image: '/api/images/7.svg' }] });
    for (const image of ['x'.repeat(MAX_ORDER_IMAGE_LENGTH + 1), 42, { src: 'x' }]) {
      bridge().sendOrder({ ...order, lines: [{ ...line, image }] } as unknown as OrderToSend);
    }
    expect(ipc.send.mock.calls).toEqual([
      [IPC_CHANNELS.sendOrder, { ...order, lines: [{ ...line, image: '/api/images/7.svg' }] }],
      [IPC_CHANNELS.sendOrder, { ...order, lines: [line] }],
      [IPC_CHANNELS.sendOrder, { ...order, lines: [line] }],
      [IPC_CHANNELS.sendOrder, { ...order, lines: [line] }],
    ]);
  });

  it.each([
    ['no lines', { lines: [] }],
    [
      'too many lines',
      {
        lines: Array.from({ length: MAX_ORDER_LINES + 1 }, (_, i) => ({
          productId: i + 1,
          title: 'x',
          quantity: 1,
          priceCents: 1,
        })),
      },
    ],
    [
      'a title too long',
      {
        lines: [
          {
            productId: 1,
            title: 'x'.repeat(MAX_ORDER_TITLE_LENGTH + 1),
            quantity: 1,
            priceCents: 1,
          },
        ],
      },
    ],
    ['a negative price', { lines: [{ productId: 1, title: 'x', quantity: 1, priceCents: -1 }] }],
    ['a fractional total', { totalCents: 0.5 }],
    ['a receipt id that is not text', { receiptId: 42 }],
  ])('drops an order with %s', (_name, change) => {
    const { ipc, bridge } = fakeIpc();
    const order = {
      receiptId: 'Receipt-1700000000123-42',
      at: 1_700_000_000_123,
      lines: [{ productId: 7, title: 'Ring', quantity: 1, priceCents: 999 }],
      totalCents: 999,
      ...change,
    };
    bridge().sendOrder(order as OrderToSend);
    expect(ipc.send).not.toHaveBeenCalled();
  });

  it('never throws into the page when an order cannot be handed over', () => {
    const { ipc, bridge } = fakeIpc();
    ipc.send.mockImplementation(() => {
      throw new Error('An object could not be cloned');
    });
    expect(() => {
      bridge().sendOrder({
        receiptId: 'Receipt-1-1',
        at: 1,
        lines: [{ productId: 1, title: 'x', quantity: 1, priceCents: 1 }],
        totalCents: 1,
      });
    }).not.toThrow();
  });

  it('hands new settings to the page, checked and frozen, never the IPC event', () => {
    const { handlers, bridge, ipc } = fakeIpc();
    const listener = vi.fn();
    const unsubscribe = bridge().onConfigChanged(listener);
    const handler = handlers.get(IPC_CHANNELS.configChanged);
    handler?.({ sender: 'secret' }, { ...CONFIG, extra: 1 });
    handler?.({ sender: 'secret' }, { mode: 'bogus' });
    expect(listener.mock.calls).toEqual([[CONFIG]]);
    expect(Object.isFrozen(listener.mock.calls[0]?.[0])).toBe(true);
    unsubscribe();
    expect(ipc.removeListener).toHaveBeenCalledWith(IPC_CHANNELS.configChanged, handler);
  });

  it('hands on the languages a new config offers, and refuses a config with a bad one', () => {
    const { handlers, bridge } = fakeIpc();
    const listener = vi.fn();
    bridge().onConfigChanged(listener);
    const handler = handlers.get(IPC_CHANNELS.configChanged);
    const languages: RendererConfig = { ...CONFIG, languages: ['es', 'ar'], defaultLanguage: 'ar' };
    handler?.({ sender: 'secret' }, languages);
    handler?.({ sender: 'secret' }, { ...CONFIG, languages: ['es', 'xx'] });
    handler?.({ sender: 'secret' }, { ...CONFIG, defaultLanguage: 'klingon' });
    expect(listener.mock.calls).toEqual([[languages]]);
  });

  it('passes on the fleet’s catalogue refresh from CATALOGUE_REFRESH_CHANNEL, never the IPC event', () => {
    expect(CATALOGUE_REFRESH_CHANNEL).toBe('catalogue:refresh');
    const { handlers, bridge, ipc } = fakeIpc();
    const listener = vi.fn();
    const unsubscribe = bridge().onCatalogueRefresh(listener);
    const handler = handlers.get(CATALOGUE_REFRESH_CHANNEL);
    handler?.({ sender: 'secret' }, { forged: true });
    expect(listener).toHaveBeenCalledExactlyOnceWith();
    unsubscribe();
    expect(ipc.removeListener).toHaveBeenCalledWith(CATALOGUE_REFRESH_CHANNEL, handler);
  });

  it('passes the store’s closed or open to the page as a plain yes or no, and nothing else', () => {
    const { handlers, bridge, ipc } = fakeIpc();
    const listener = vi.fn();
    const unsubscribe = bridge().onStoreClosed(listener);
    const handler = handlers.get(IPC_CHANNELS.storeClosed);
    handler?.({ sender: 'secret' }, true);
    handler?.({ sender: 'secret' }, 'yes');
    handler?.({ sender: 'secret' }, { closed: true });
    handler?.({ sender: 'secret' }, false);
    expect(listener.mock.calls).toEqual([[true], [false]]);
    unsubscribe();
    expect(ipc.removeListener).toHaveBeenCalledWith(IPC_CHANNELS.storeClosed, handler);
  });

  it('reports the catalogue’s source and last refresh failure as one printable line each', () => {
    const { ipc, bridge } = fakeIpc();
    const kiosk = bridge();
    kiosk.reportCatalogue({
      products: 24,
      fetchedAt: 5,
      source: 'https://shop.example',
      refreshFailure: { at: 9, message: 'Failed to fetch products\nforged: line' },
    });
    kiosk.reportCatalogue({ products: 24, fetchedAt: 5, source: 'embedded', refreshFailure: null });
    kiosk.reportCatalogue({
      products: 24,
      fetchedAt: 5,
      source: 42,
      refreshFailure: { at: -1, message: 'x' },
    } as never);
    kiosk.reportCatalogue({
      products: 24,
      fetchedAt: 5,
      refreshFailure: { at: 9, message: 'y'.repeat(500) },
    });
    expect(ipc.send.mock.calls).toEqual([
      [
        IPC_CHANNELS.reportCatalogue,
        {
          products: 24,
          fetchedAt: 5,
          source: 'https://shop.example',
          refreshFailure: { at: 9, message: 'Failed to fetch products forged: line' },
        },
      ],
      [
        IPC_CHANNELS.reportCatalogue,
        { products: 24, fetchedAt: 5, source: 'embedded', refreshFailure: null },
      ],
      [IPC_CHANNELS.reportCatalogue, { products: 24, fetchedAt: 5 }],
      [
        IPC_CHANNELS.reportCatalogue,
        { products: 24, fetchedAt: 5, refreshFailure: { at: 9, message: 'y'.repeat(200) } },
      ],
    ]);
  });
});
