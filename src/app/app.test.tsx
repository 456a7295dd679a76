import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KioskBehaviours } from '@/features/kiosk/kiosk-behaviours';
import type { Capabilities } from '@/platform/capabilities';
import { jsonResponse, renderApp, TEST_CAPABILITIES } from '@/test/render-app';

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
