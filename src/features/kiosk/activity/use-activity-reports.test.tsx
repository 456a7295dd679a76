import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskBridge, KioskPreloadApi } from '@shared/bridge';
import { ALL_LANGUAGES, type Capabilities } from '@/platform/capabilities';
import { CapabilitiesProvider } from '@/platform/capabilities-context';
import { KioskBehaviours } from '../kiosk-behaviours';
import { screenOf } from './use-activity-reports';

const IDLE_SECONDS = 10;
const COUNTDOWN_SECONDS = 3;

function fakeKiosk() {
  const api = {
    reportScreen: vi.fn<KioskPreloadApi['reportScreen']>(),
    reportInput: vi.fn<KioskPreloadApi['reportInput']>(),
    reportDialog: vi.fn<KioskPreloadApi['reportDialog']>(),
    reportIdleWipe: vi.fn<KioskPreloadApi['reportIdleWipe']>(),
    reportReceipt: vi.fn<KioskPreloadApi['reportReceipt']>(),
  };
  const bridge = {
    getConfig: () => ({
      catalogueUrl: 'http://catalogue.test',
      mode: 'kiosk',
      idleTimeoutSeconds: IDLE_SECONDS,
      idleCountdownSeconds: COUNTDOWN_SECONDS,
      catalogueMaxAgeMinutes: 60,
    }),
    onStaffExitRequested: () => () => undefined,
    submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
    printReceipt: () => Promise.resolve({ ok: true }),
    ...api,
  } as KioskBridge;
  const capabilities: Capabilities = {
    target: 'kiosk',
    catalogueUrl: 'http://catalogue.test',
    bridge,
    languages: ALL_LANGUAGES,
    kiosk: {
      idleReset: { afterSeconds: IDLE_SECONDS, countdownSeconds: COUNTDOWN_SECONDS },
      staffExit: false,
      onScreenKeyboard: false,
      accessibilityMode: false,
      catalogueMaxAgeMinutes: 60,
      keypadNavigation: false,
      speech: null,
    },
  };
  return { api, capabilities };
}

function renderKiosk(
  capabilities: Capabilities,
  props: { attract?: boolean; receiptOnScreen?: boolean; onWipe?: () => void } = {},
) {
  const tree = (next: typeof props) => (
    <CapabilitiesProvider capabilities={capabilities}>
      <KioskBehaviours
        attract={next.attract ?? false}
        onAttractEnd={vi.fn()}
        onWipe={next.onWipe ?? vi.fn()}
        receiptOnScreen={next.receiptOnScreen ?? false}
      />
    </CapabilitiesProvider>
  );
  const view = render(tree(props));
  return { ...view, update: (next: typeof props) => view.rerender(tree({ ...props, ...next })) };
}

const screens = (api: ReturnType<typeof fakeKiosk>['api']) =>
  api.reportScreen.mock.calls.map(([screen]) => screen);

describe('the screen main is told about', () => {
  it('is attract until a session is touched, then shopping, or receipt while one shows', () => {
    expect(screenOf({ attract: false, touched: false, receiptOnScreen: false })).toBe('attract');
    expect(screenOf({ attract: true, touched: true, receiptOnScreen: true })).toBe('attract');
    expect(screenOf({ attract: false, touched: true, receiptOnScreen: false })).toBe('shopping');
    expect(screenOf({ attract: false, touched: true, receiptOnScreen: true })).toBe('receipt');
  });
});

describe('the kiosk page’s activity reports', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports attract on a fresh start, shopping at the first touch, receipt, and attract again', () => {
    const { api, capabilities } = fakeKiosk();
    const view = renderKiosk(capabilities);
    expect(screens(api)).toEqual(['attract']);
    fireEvent.pointerDown(document.body);
    expect(api.reportInput).toHaveBeenCalled();
    expect(screens(api)).toEqual(['attract', 'shopping']);
    view.update({ receiptOnScreen: true });
    view.update({ receiptOnScreen: false });
    view.update({ attract: true });
    expect(screens(api)).toEqual(['attract', 'shopping', 'receipt', 'shopping', 'attract']);
  });

  it('counts a key from a keypad as someone there', () => {
    const { api, capabilities } = fakeKiosk();
    renderKiosk(capabilities);
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(screens(api)).toEqual(['attract', 'shopping']);
  });

  it('says an idle wipe happened, and while the idle prompt is open, that a dialog is', async () => {
    const { api, capabilities } = fakeKiosk();
    const onWipe = vi.fn();
    renderKiosk(capabilities, { onWipe });
    fireEvent.pointerDown(document.body);
    await act(() => vi.advanceTimersByTimeAsync(IDLE_SECONDS * 1000));
    // The MutationObserver's callback is a microtask after the dialog opened.
    await act(() => Promise.resolve());
    expect(api.reportDialog.mock.calls).toEqual([[true]]);
    for (let second = 0; second < COUNTDOWN_SECONDS; second += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    await act(() => Promise.resolve());
    expect(onWipe).toHaveBeenCalledOnce();
    expect(api.reportIdleWipe).toHaveBeenCalledOnce();
    expect(api.reportDialog.mock.calls).toEqual([[true], [false]]);
  });

  it('does not call a staff exit an idle wipe', () => {
    const { api, capabilities } = fakeKiosk();
    renderKiosk(capabilities);
    expect(api.reportIdleWipe).not.toHaveBeenCalled();
  });
});
