import { act, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptToSign } from '@shared/bridge';
import {
  confirmPurchase as confirmCart,
  emptyCart,
  KIOSK_HALF,
  kioskWith,
} from '@/test/confirm-purchase';
import type { Capabilities } from '@/platform/capabilities';
import { TEST_CAPABILITIES } from '@/test/render-app';
import { ReceiptQr } from './receipt-qr';

const SIGNED = 'KSR1.eyJyIjoiUmVjZWlwdC0xIn0.c2lnbmF0dXJlLWJ5dGVz';

/** The path a QR of `text` is drawn with, as the receipt draws it. */
function qrPath(text: string): string | null {
  const { container, unmount } = render(<ReceiptQr text={text} receiptId="x" size={192} />);
  const d = container.querySelector('path')?.getAttribute('d') ?? null;
  unmount();
  return d;
}

async function confirmPurchase(capabilities: Capabilities = TEST_CAPABILITIES) {
  const { id, card, fetchSpy } = await confirmCart(capabilities);
  const qr = within(card).getByRole('img', { name: `QR code of receipt ${id}` });
  const drawn = () => qr.querySelector('path')?.getAttribute('d') ?? null;
  /**
   * Which text the drawn QR encodes, of those given. Compared by equality, not by
   * expect's diff: two QR paths are thousands of characters and diffing them is ruinous.
   */
  const encodes = (...texts: string[]): string | null =>
    texts.find((text) => drawn() === qrPath(text)) ?? null;
  return { id, encodes, fetchSpy, card };
}

describe('the receipt QR', () => {
  beforeEach(emptyCart);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the id and its QR on the web, without amounts (spec §2 hides the totals)', async () => {
    const { id, card } = await confirmPurchase();
    expect(within(card).getByText(id)).toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: 'Items' })).not.toBeInTheDocument();
    expect(within(card).queryByText('Paid')).not.toBeInTheDocument();
    expect(card.textContent).not.toMatch(/\$\d/);
  });

  it('shows the items and what was paid in the kiosk', async () => {
    const { card } = await confirmPurchase(kioskWith(KIOSK_HALF));
    expect(within(card).getByRole('list', { name: 'Items' }).children).toHaveLength(2);
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    expect(within(card).getByText('$266.42')).toBeInTheDocument();
  });

  it('holds the plain receipt id in the web build', async () => {
    const { id, encodes } = await confirmPurchase();
    expect(encodes(id, SIGNED)).toBe(id);
  });

  it('holds the kiosk’s signed code when the bridge gives one, asked for with the receipt’s ids, quantities and total in cents', async () => {
    const requests: ReceiptToSign[] = [];
    const signReceipt = vi.fn((receipt: ReceiptToSign) => {
      requests.push(receipt);
      return Promise.resolve(SIGNED);
    });
    const { id, encodes, fetchSpy, card } = await confirmPurchase(
      kioskWith({ ...KIOSK_HALF, signReceipt }),
    );
    // Polled by hand: a failing waitFor hands vitest the whole DOM, which it cannot report.
    for (let tries = 0; tries < 100 && encodes(id, SIGNED) !== SIGNED; tries += 1) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
    expect(encodes(id, SIGNED)).toBe(SIGNED);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.r).toBe(id);
    expect(request?.t).toBe(Number(/^Receipt-(\d+)-/.exec(id)?.[1]));
    // 2 × $109.95 + $22.30 = $242.20, less 10% savings, plus 20% tax on the subtotal.
    expect(request).toMatchObject({
      i: [
        [1, 2],
        [2, 1],
      ],
      c: 26642,
    });
    // The receipt text stays as it was: the id and the paid total are shown, not the code.
    expect(within(card).getByText('$266.42')).toBeInTheDocument();
    expect(card.textContent).not.toContain('KSR1');
    // Spec §7: confirming sends nothing over the network; signing is the main process's.
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['no code (a kiosk without a fleet)', () => Promise.resolve(null)],
    ['a failure', () => Promise.reject(new Error('no handler'))],
    ['something that is not a code', () => Promise.resolve('javascript:alert(1)')],
    ['a code too long to scan', () => Promise.resolve(`KSR1.${'a'.repeat(1600)}.b`)],
    [
      'a throw',
      () => {
        throw new Error('gone');
      },
    ],
  ])('keeps the plain id when the bridge gives %s', async (_name, signReceipt) => {
    const asked = vi.fn(signReceipt);
    const { id, encodes } = await confirmPurchase(kioskWith({ ...KIOSK_HALF, signReceipt: asked }));
    await waitFor(() => {
      expect(asked).toHaveBeenCalledTimes(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(encodes(id, SIGNED)).toBe(id);
  });

  it('keeps the plain id with a bridge that cannot sign at all', async () => {
    const { id, encodes } = await confirmPurchase(kioskWith(KIOSK_HALF));
    expect(encodes(id, SIGNED)).toBe(id);
  });
});
