import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KioskBehaviours } from '@/features/kiosk/kiosk-behaviours';
import type { Capabilities } from '@/platform/capabilities';
import { makeProduct } from '@/test/product-fixtures';
import { jsonResponse, renderApp, TEST_CAPABILITIES } from '@/test/render-app';
import { rootsMade } from '@/test/root-spy';

vi.mock('react-dom/client', async (importOriginal) =>
  (await import('@/test/root-spy')).spiedClient(await importOriginal()),
);

/** The kiosk renderer without a bridge: every kiosk behaviour on but the idle reset. */
const KIOSK: Capabilities = {
  ...TEST_CAPABILITIES,
  target: 'kiosk',
  kiosk: {
    idleReset: null,
    staffExit: false,
    onScreenKeyboard: true,
    accessibilityMode: true,
    keypadNavigation: true,
    speech: null,
    catalogueMaxAgeMinutes: null,
  },
};

function press(key: string): void {
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, { key });
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse([])));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the app and the kiosk keypad', () => {
  it('the kiosk behaviours share the router: Escape on checkout goes back to the cart', async () => {
    const { router } = await renderApp('/checkout', { capabilities: KIOSK, KioskBehaviours });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    heading.tabIndex = -1;
    heading.focus();
    press('ArrowDown');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Keep Shoping' }));
    press('Escape');
    expect(router.location.pathname).toBe('/cart');
  });

  it('the web build has no keypad: arrows and Escape stay the browser’s', async () => {
    const { router } = await renderApp('/checkout');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    heading.tabIndex = -1;
    heading.focus();
    press('ArrowDown');
    expect(document.activeElement).toBe(heading);
    press('Escape');
    expect(router.location.pathname).toBe('/checkout');
  });
});

describe('the products page, rehearsed while the shop is idle', () => {
  const cap = makeProduct({ id: 5, title: 'Rehearsal test cap' });
  /** Roots out of the document: the rehearsal's (the app's own root is in the page). */
  const rehearsals = (from: number) =>
    rootsMade.slice(from).filter((root) => !root.container.isConnected);

  afterEach(() => {
    localStorage.clear();
  });

  it('on the landing page with a catalogue cached: rendered with its cards, never shown', async () => {
    localStorage.setItem('products', JSON.stringify([cap]));
    const from = rootsMade.length;
    const fetchSpy = vi.fn(() => Promise.resolve(jsonResponse([])));
    vi.stubGlobal('fetch', fetchSpy);
    await renderApp('/');
    await vi.waitFor(() => expect(rehearsals(from)[0]?.unmounted).toBe(true), { timeout: 3000 });
    expect(rehearsals(from)).toHaveLength(1);
    expect(rehearsals(from)[0]?.texts.join()).toContain(cap.title);
    expect(screen.queryByTitle(cap.title)).toBeNull();
    expect(document.title).not.toMatch(/^Products/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('not when the products page is the one shown: it is warm already', async () => {
    localStorage.setItem('products', JSON.stringify([cap]));
    const from = rootsMade.length;
    await renderApp('/products');
    await screen.findByTitle(cap.title);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(rehearsals(from)).toHaveLength(0);
  });
});
