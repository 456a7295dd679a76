import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KioskBridge } from '@shared/bridge';
import { ALL_LANGUAGES, type Capabilities } from '@/platform/capabilities';
import { CapabilitiesProvider } from '@/platform/capabilities-context';
import { KioskBehaviours } from './kiosk-behaviours';

/** A kiosk whose main process says the store closed or opened, through onStoreClosed. */
function kioskWithStoreHours() {
  const listeners: ((closed: unknown) => void)[] = [];
  const bridge: KioskBridge & {
    onStoreClosed: (listener: (closed: boolean) => void) => () => void;
  } = {
    getConfig: () => ({
      catalogueUrl: 'http://catalogue.test',
      mode: 'kiosk',
      idleTimeoutSeconds: 60,
      idleCountdownSeconds: 15,
      catalogueMaxAgeMinutes: 60,
    }),
    onStaffExitRequested: () => () => undefined,
    submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
    printReceipt: () => Promise.resolve({ ok: true }),
    onStoreClosed: (listener) => {
      const held = listener as (closed: unknown) => void;
      listeners.push(held);
      return () => listeners.splice(listeners.indexOf(held), 1);
    },
  };
  const capabilities: Capabilities = {
    target: 'kiosk',
    catalogueUrl: 'http://catalogue.test',
    bridge,
    languages: ALL_LANGUAGES,
    kiosk: {
      idleReset: { afterSeconds: 60, countdownSeconds: 15 },
      staffExit: false,
      onScreenKeyboard: false,
      accessibilityMode: false,
      catalogueMaxAgeMinutes: 60,
      keypadNavigation: false,
      speech: null,
    },
  };
  return {
    capabilities,
    send: (closed: unknown) =>
      act(() => {
        for (const listener of [...listeners]) listener(closed);
      }),
  };
}

const closedScreen = () => screen.queryByRole('dialog', { name: 'We are closed' });

describe('the closed screen', () => {
  it('covers the attract screen while the store is closed, and goes when it opens', () => {
    const kiosk = kioskWithStoreHours();
    render(
      <CapabilitiesProvider capabilities={kiosk.capabilities}>
        <KioskBehaviours attract onAttractEnd={vi.fn()} onWipe={vi.fn()} />
      </CapabilitiesProvider>,
    );
    expect(closedScreen()).not.toBeInTheDocument();
    kiosk.send(true);
    const shown = closedScreen();
    expect(shown).toBeInTheDocument();
    expect(shown).toHaveAccessibleDescription(
      'This kiosk opens again with the store. See you soon!',
    );
    kiosk.send(false);
    expect(closedScreen()).not.toBeInTheDocument();
  });

  it('ignores anything from main that is not a yes or a no', () => {
    const kiosk = kioskWithStoreHours();
    render(
      <CapabilitiesProvider capabilities={kiosk.capabilities}>
        <KioskBehaviours attract onAttractEnd={vi.fn()} onWipe={vi.fn()} />
      </CapabilitiesProvider>,
    );
    kiosk.send('yes');
    kiosk.send(1);
    expect(closedScreen()).not.toBeInTheDocument();
  });
});
