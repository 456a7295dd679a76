import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { KioskBridge } from '@shared/bridge';
import { useCartStore } from '@/features/cart/public';
import type { Capabilities, PageBridge } from '@/platform/capabilities';
import { makeProduct } from './product-fixtures';
import { renderApp, TEST_CAPABILITIES } from './render-app';

/**
 * The checkout's tests: a shirt twice and a ring in the cart, confirmed on the checkout
 * page, in the web build or in a kiosk with the bridge a test gives.
 */
export const shirt = makeProduct({ id: 1, price: 109.95, title: 'Classic Oxford Shirt' });
export const ring = makeProduct({ id: 2, price: 22.3, title: 'Silver Ring' });

/** The kiosk half of a bridge whose capabilities are given: a test adds what it watches. */
export const KIOSK_HALF: KioskBridge = {
  getConfig: () => {
    throw new Error('the capabilities are given');
  },
  onStaffExitRequested: () => () => undefined,
  submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
  printReceipt: () => Promise.resolve({ ok: true }),
};

export function kioskWith(bridge: PageBridge): Capabilities {
  return { ...TEST_CAPABILITIES, target: 'kiosk', bridge };
}

/** Storage cleared and the cart empty, for the next test. */
export async function emptyCart(): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  await useCartStore.persist.rehydrate();
  useCartStore.getState().clearCart();
}

/** Confirms the shirts and the ring; the receipt card, its id, and fetch watched from the click. */
export async function confirmPurchase(capabilities: Capabilities = TEST_CAPABILITIES) {
  const user = userEvent.setup();
  useCartStore.getState().addToCart(shirt, 2);
  useCartStore.getState().addToCart(ring, 1);
  await renderApp('/checkout', { capabilities });
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  await user.click(screen.getByRole('button', { name: 'Confirm Purchase !' }));
  const card = screen.getByRole('region', { name: 'Your receipt' });
  const id = within(card).getByText(/^Receipt-\d{13}-\d{1,3}$/).textContent;
  return { id, card, fetchSpy };
}
