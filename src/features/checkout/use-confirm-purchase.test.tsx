import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderToSend } from '@shared/bridge';
import { confirmPurchase, emptyCart, KIOSK_HALF, kioskWith } from '@/test/confirm-purchase';
import { TEST_CAPABILITIES } from '@/test/render-app';

describe('the confirm step', () => {
  beforeEach(emptyCart);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('hands a kiosk’s main process the order once: what was bought, at what unit price, nothing else', async () => {
    const sendOrder = vi.fn<(order: OrderToSend) => void>();
    const { id, fetchSpy } = await confirmPurchase(kioskWith({ ...KIOSK_HALF, sendOrder }));
    expect(sendOrder).toHaveBeenCalledTimes(1);
    expect(sendOrder.mock.calls[0]?.[0]).toStrictEqual({
      receiptId: id,
      at: Number(/^Receipt-(\d+)-/.exec(id)?.[1]),
      lines: [
        {
          productId: 1,
          title: 'Classic Oxford Shirt',
          quantity: 2,
          priceCents: 10995,
          image: 'https://catalogue.test/images/1.svg',
        },
        {
          productId: 2,
          title: 'Silver Ring',
          quantity: 1,
          priceCents: 2230,
          image: 'https://catalogue.test/images/2.svg',
        },
      ],
      // The lines' sum: 2 × $109.95 + $22.30, before savings and tax.
      totalCents: 24220,
    });
    // The page itself calls nothing: main sends it, in the background.
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('hands over nothing and calls nothing in the web build (spec §1, §7)', async () => {
    const sendOrder = vi.fn();
    Object.assign(window, { kiosk: { ...KIOSK_HALF, sendOrder } });
    try {
      const { fetchSpy } = await confirmPurchase(TEST_CAPABILITIES);
      expect(sendOrder).not.toHaveBeenCalled();
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      delete (window as { kiosk?: unknown }).kiosk;
    }
  });
});
