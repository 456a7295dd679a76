/**
 * The collection number on the thank-you screen: a kiosk whose main process gives one shows
 * it large, says where to go with it, and announces it once; the receipt id stays as the
 * spec writes it. The web build, and a kiosk without the number, show nothing new.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskBridge } from '@shared/bridge';
import { useCartStore } from '@/features/cart/public';
import type { Capabilities, PageBridge } from '@/platform/capabilities';
import { makeProduct } from '@/test/product-fixtures';
import { renderApp, TEST_CAPABILITIES } from '@/test/render-app';

const ring = makeProduct({ id: 2, price: 22.3, title: 'Silver Ring' });

const KIOSK_HALF: KioskBridge = {
  getConfig: () => {
    throw new Error('the capabilities are given');
  },
  onStaffExitRequested: () => () => undefined,
  submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
  printReceipt: () => Promise.resolve({ ok: true }),
};

const kioskWith = (bridge: PageBridge): Capabilities => ({
  ...TEST_CAPABILITIES,
  target: 'kiosk',
  bridge,
});

const WHERE =
  'Go to the pickup counter and watch the board for C 27. When it shows as ready, your order is waiting for you.';

async function confirm(capabilities: Capabilities) {
  useCartStore.getState().addToCart(ring, 1);
  const view = await renderApp('/checkout', { capabilities });
  await userEvent.click(screen.getByRole('button', { name: 'Confirm Purchase !' }));
  const card = screen.getByRole('region', { name: 'Your receipt' });
  const { textContent: id } = within(card).getByText(/^Receipt-\d{13}-\d{1,3}$/);
  return { id, view };
}

/** Lets the bridge's answer arrive and the page settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await useCartStore.persist.rehydrate();
  useCartStore.getState().clearCart();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the collection number on the thank-you screen', () => {
  it('shows main’s number large, says where to go, and keeps the receipt id as it was', async () => {
    const collectionNumber = vi.fn(() => Promise.resolve('C 27'));
    const { id } = await confirm(kioskWith({ ...KIOSK_HALF, collectionNumber }));
    const region = await screen.findByRole('region', { name: 'Your collection number' });
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Your collection number',
    );
    expect(within(region).getByText('C 27')).toBeInTheDocument();
    expect(within(region).getByText(WHERE)).toBeInTheDocument();
    expect(collectionNumber).toHaveBeenCalledExactlyOnceWith(id);
    // The spec's texts stay as they were.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Thank you for your purchase!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(id)).toHaveTextContent(/^Receipt-\d{13}-\d{1,3}$/);
    // The number stands before the receipt, in reading order.
    const receipt = screen.getByRole('region', { name: 'Your receipt' });
    expect(region.compareDocumentPosition(receipt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('announces the number when it comes after the thank-you', async () => {
    let answer: (number: string) => void = () => undefined;
    const collectionNumber = () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      });
    await confirm(kioskWith({ ...KIOSK_HALF, collectionNumber }));
    expect(screen.queryByRole('region', { name: 'Your collection number' })).toBeNull();
    await act(async () => {
      answer('C 27');
      await Promise.resolve();
    });
    // The app's one polite live region says it (screen readers, and the kiosk's speech).
    const said = await screen.findByText(`Your collection number is C 27. ${WHERE}`);
    expect(said.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
  });

  it('is kept with the receipt, so a reload still shows it', async () => {
    const { view } = await confirm(
      kioskWith({ ...KIOSK_HALF, collectionNumber: () => Promise.resolve('C 27') }),
    );
    await screen.findByText('C 27');
    const kept = JSON.parse(sessionStorage.getItem('lastReceipt') ?? 'null') as {
      collectionNumber?: string;
    } | null;
    expect(kept?.collectionNumber).toBe('C 27');
    // The checkout page reloaded, its cart now empty: the last receipt, and its number.
    view.unmount();
    await renderApp('/checkout', { capabilities: TEST_CAPABILITIES });
    expect(await screen.findByText('Collection number C 27')).toBeInTheDocument();
  });

  it.each([
    ['the web build', TEST_CAPABILITIES],
    ['a kiosk opened from disk', { ...TEST_CAPABILITIES, target: 'kiosk' as const }],
    ['a kiosk whose preload has no numbers', kioskWith(KIOSK_HALF)],
    [
      'a kiosk whose main gives none',
      kioskWith({ ...KIOSK_HALF, collectionNumber: () => Promise.resolve(null) }),
    ],
    [
      'a kiosk whose main answers nonsense',
      kioskWith({ ...KIOSK_HALF, collectionNumber: () => Promise.resolve('<b>27</b>') }),
    ],
  ])('shows nothing new in %s', async (_name, capabilities) => {
    await confirm(capabilities);
    await settle();
    expect(screen.queryByRole('region', { name: 'Your collection number' })).toBeNull();
    expect(screen.queryByText(/collection number/i)).toBeNull();
    expect(
      screen.getByText('Show this receipt at the pickup counter to collect your order.'),
    ).toBeInTheDocument();
  });
});
