import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskBridge, PrintResult, RendererConfig } from '@shared/bridge';
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

type ConfigListener = (config: unknown) => void;

/** A kiosk whose main process sends new settings while it runs, through onConfigChanged. */
function kioskWithLiveConfig(start: { after: number; countdown: number; mode?: 'windowed' }) {
  const listeners: ConfigListener[] = [];
  const config = {
    catalogueUrl: 'http://catalogue.test',
    mode: start.mode ?? ('kiosk' as const),
    idleTimeoutSeconds: start.after,
    idleCountdownSeconds: start.countdown,
    catalogueMaxAgeMinutes: 60,
  };
  const bridge = {
    ...hangingPrinter,
    getConfig: () => config,
    // The page's listener is typed for good settings; main's messages are tested unchecked.
    onConfigChanged: (listener: (config: RendererConfig) => void) => {
      const held = listener as ConfigListener;
      listeners.push(held);
      return () => listeners.splice(listeners.indexOf(held), 1);
    },
  };
  const capabilities: Capabilities = {
    ...kiosk,
    bridge,
    kiosk: {
      ...kiosk.kiosk,
      // As resolveCapabilities makes it: a staff laptop never asks.
      idleReset:
        start.mode === 'windowed'
          ? null
          : { afterSeconds: start.after, countdownSeconds: start.countdown },
    },
  };
  return {
    capabilities,
    /** Main's message, as the preload hands it to the page. */
    send: (change: Record<string, unknown>) =>
      act(() => {
        for (const listener of [...listeners]) listener({ ...config, ...change });
      }),
  };
}

describe('new idle times from main while the kiosk runs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const renderKiosk = (capabilities: Capabilities, onWipe = vi.fn(), session = 0) => (
    <CapabilitiesProvider capabilities={capabilities}>
      <KioskBehaviours key={session} attract={false} onAttractEnd={vi.fn()} onWipe={onWipe} />
    </CapabilitiesProvider>
  );

  it('asks after the new time, counted from the change, and counts the new countdown down', async () => {
    const { capabilities, send } = kioskWithLiveConfig({ after: 90, countdown: 15 });
    const onWipe = vi.fn();
    render(renderKiosk(capabilities, onWipe));
    await advance(60_000);
    send({ idleTimeoutSeconds: 20, idleCountdownSeconds: 7 });
    // The wait starts again on the new time: not at 90 s, and not at once (20 s had passed).
    await advance(19_000);
    expect(prompt()).not.toBeInTheDocument();
    await advance(1000);
    expect(prompt()).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    await advance(6000);
    expect(onWipe).not.toHaveBeenCalled();
    await advance(1000);
    expect(onWipe).toHaveBeenCalledTimes(1);
  });

  it('keeps the times in force when a payload breaks the rule', async () => {
    const { capabilities, send } = kioskWithLiveConfig({ after: 30, countdown: 15 });
    render(renderKiosk(capabilities));
    send({ idleTimeoutSeconds: 10 });
    send({ idleTimeoutSeconds: -1 });
    send({ idleTimeoutSeconds: 'soon', idleCountdownSeconds: 5 });
    send({ idleCountdownSeconds: 1e12 });
    await advance(9000);
    expect(prompt()).not.toBeInTheDocument();
    await advance(1000);
    expect(prompt()).toBeInTheDocument();
    expect(screen.getByText('15')).toBeInTheDocument();
  });

  it('lets an open question finish the countdown it showed; the next one takes the new one', async () => {
    const { capabilities, send } = kioskWithLiveConfig({ after: 10, countdown: 15 });
    const onWipe = vi.fn();
    render(renderKiosk(capabilities, onWipe));
    await advance(10_000);
    expect(prompt()).toBeInTheDocument();
    send({ idleTimeoutSeconds: 10, idleCountdownSeconds: 5 });
    await advance(5000);
    expect(screen.getByText('10')).toBeInTheDocument();
    expect(
      screen.getByText(/this session ends and the cart is emptied in 15 seconds/),
    ).toBeVisible();
    expect(onWipe).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: "I'm still here" }));
    await advance(10_000);
    expect(screen.getByText('5')).toBeInTheDocument();
    await advance(5000);
    expect(onWipe).toHaveBeenCalledTimes(1);
  });

  it('keeps the new times after a wipe starts the next session', async () => {
    const { capabilities, send } = kioskWithLiveConfig({ after: 90, countdown: 15 });
    const view = render(renderKiosk(capabilities));
    send({ idleTimeoutSeconds: 20 });
    view.rerender(renderKiosk(capabilities, vi.fn(), 1));
    await advance(20_000);
    expect(prompt()).toBeInTheDocument();
  });

  it('turns the question off with a timeout of 0, and on again with a time', async () => {
    const { capabilities, send } = kioskWithLiveConfig({ after: 10, countdown: 15 });
    const onWipe = vi.fn();
    render(renderKiosk(capabilities, onWipe));
    send({ idleTimeoutSeconds: 0 });
    await advance(60_000);
    expect(prompt()).not.toBeInTheDocument();
    expect(onWipe).not.toHaveBeenCalled();
    send({ idleTimeoutSeconds: 10 });
    await advance(10_000);
    expect(prompt()).toBeInTheDocument();
  });

  it('never asks on a staff laptop (--windowed), whatever times main sends', async () => {
    const { capabilities, send } = kioskWithLiveConfig({
      after: 10,
      countdown: 15,
      mode: 'windowed',
    });
    const onWipe = vi.fn();
    render(renderKiosk(capabilities, onWipe));
    send({ idleTimeoutSeconds: 10, mode: 'kiosk' });
    await advance(10_000);
    expect(prompt()).not.toBeInTheDocument();
    await advance(50_000);
    expect(onWipe).not.toHaveBeenCalled();
  });
});
