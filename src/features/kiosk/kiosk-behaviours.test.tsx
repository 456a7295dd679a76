import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskBridge, PrintResult } from '@shared/bridge';
import { ALL_LANGUAGES, type Capabilities } from '@/platform/capabilities';
import { CapabilitiesProvider } from '@/platform/capabilities-context';
import { PRINT_ANSWER_TIMEOUT_MS, printReceipt } from '@/platform/printing';
import { KioskBehaviours } from './kiosk-behaviours';

const IDLE_SECONDS = 10;

/** A kiosk whose receipt printer never answers: the bridge call hangs for ever. */
const hangingPrinter: KioskBridge = {
  getConfig: () => ({
    catalogueUrl: 'http://catalogue.test',
    mode: 'kiosk',
    idleTimeoutSeconds: IDLE_SECONDS,
    idleCountdownSeconds: 15,
    catalogueMaxAgeMinutes: 60,
  }),
  onStaffExitRequested: () => () => undefined,
  submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
  printReceipt: () => new Promise<PrintResult>(() => undefined),
};

const kiosk: Capabilities = {
  target: 'kiosk',
  catalogueUrl: 'http://catalogue.test',
  bridge: hangingPrinter,
  languages: ALL_LANGUAGES,
  kiosk: {
    idleReset: { afterSeconds: IDLE_SECONDS, countdownSeconds: 15 },
    staffExit: false,
    onScreenKeyboard: false,
    accessibilityMode: false,
    catalogueMaxAgeMinutes: 60,
    keypadNavigation: false,
    speech: null,
  },
};

const prompt = () => screen.queryByRole('dialog', { name: 'Are you still there?' });

/** Second by second, so React commits between timers (as idle-prompt.test.tsx does). */
async function advance(ms: number): Promise<void> {
  for (let elapsed = 0; elapsed < ms; elapsed += 1000) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(1000, ms - elapsed)));
  }
}

describe('the kiosk while a receipt prints', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pauses the idle timer, and resumes it when a hung print is given up on', async () => {
    render(
      <CapabilitiesProvider capabilities={kiosk}>
        <KioskBehaviours attract={false} onAttractEnd={vi.fn()} onWipe={vi.fn()} />
      </CapabilitiesProvider>,
    );
    act(() => {
      void printReceipt(kiosk, {
        id: 'Receipt-1700000000123-42',
        issuedAt: 1700000000123,
        lines: [{ title: 'Ring', quantity: 1, lineTotal: 2230 }],
        savings: 0,
        tax: 446,
        total: 2676,
      });
    });
    await advance(PRINT_ANSWER_TIMEOUT_MS - 1000);
    expect(prompt()).not.toBeInTheDocument();
    await advance(1000 + IDLE_SECONDS * 1000);
    expect(prompt()).toBeInTheDocument();
  });
});
