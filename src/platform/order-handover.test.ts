import { describe, expect, it, vi } from 'vitest';
import type { OrderToSend } from '@shared/bridge';
import { KIOSK_HALF } from '@/test/confirm-purchase';
import { detectCapabilities } from './capabilities';
import { handOverOrder } from './order-handover';

const ORDER: OrderToSend = {
  receiptId: 'Receipt-1700000000123-42',
  at: 1_700_000_000_123,
  lines: [{ productId: 7, title: 'White Gold Ring', quantity: 1, priceCents: 999 }],
  totalCents: 999,
};

describe('handing a confirmed order to the kiosk', () => {
  it('hands it to the kiosk’s main process once', () => {
    const sendOrder = vi.fn();
    handOverOrder({ ...KIOSK_HALF, sendOrder }, ORDER);
    expect(sendOrder).toHaveBeenCalledExactlyOnceWith(ORDER);
  });

  it('sends nothing in the web build, even with a window.kiosk some script put there (spec §1, §7)', () => {
    const sendOrder = vi.fn();
    const page = { kiosk: { ...KIOSK_HALF, sendOrder } } as unknown as Window;
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { target, bridge } = detectCapabilities(page);
    expect(target).toBe('web');
    expect(bridge).toBeNull();
    handOverOrder(bridge, ORDER);
    expect(sendOrder).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('costs the page nothing when the bridge has no sendOrder or throws', () => {
    expect(() => {
      handOverOrder(KIOSK_HALF, ORDER);
      handOverOrder(null, ORDER);
      handOverOrder(
        {
          ...KIOSK_HALF,
          sendOrder: () => {
            throw new Error('An object could not be cloned');
          },
        },
        ORDER,
      );
    }).not.toThrow();
  });
});
