import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskBridge, PrintResult } from '@shared/bridge';
import type { PrintableReceipt } from '@shared/printable-receipt';
import { PRINT_ANSWER_TIMEOUT_MS, PRINT_FAILED, printReceipt, usePrinting } from './printing';

const receipt: PrintableReceipt = {
  id: 'Receipt-1700000000123-42',
  issuedAt: 1700000000123,
  lines: [{ title: 'Ring', quantity: 1, lineTotal: 2230 }],
  savings: 0,
  tax: 446,
  total: 2676,
};

function bridgeThatPrints(print: KioskBridge['printReceipt']): KioskBridge {
  return {
    getConfig: () => ({
      catalogueUrl: 'http://catalogue.test',
      mode: 'kiosk',
      idleTimeoutSeconds: 90,
      idleCountdownSeconds: 15,
      catalogueMaxAgeMinutes: 60,
    }),
    onStaffExitRequested: () => () => undefined,
    submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
    printReceipt: print,
  };
}

describe('printing the receipt', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands the kiosk’s main process the receipt’s data, and is printing until it answers', async () => {
    let answer: (result: PrintResult) => void = () => undefined;
    const print = vi.fn(
      (_receipt: PrintableReceipt) =>
        new Promise<PrintResult>((resolve) => {
          answer = resolve;
        }),
    );
    const { result: printing } = renderHook(() => usePrinting());
    let done: Promise<PrintResult> = Promise.resolve(PRINT_FAILED);
    act(() => {
      done = printReceipt({ bridge: bridgeThatPrints(print) }, receipt);
    });
    expect(print).toHaveBeenCalledWith(receipt);
    expect(printing.current).toBe(true);
    await act(async () => {
      answer({ ok: true });
      await done;
    });
    await expect(done).resolves.toEqual({ ok: true });
    expect(printing.current).toBe(false);
  });

  it('stops waiting for a bridge that never answers, so the idle timer resumes', async () => {
    expect(PRINT_ANSWER_TIMEOUT_MS).toBe(35_000);
    const never = vi.fn(() => new Promise<PrintResult>(() => undefined));
    const { result: printing } = renderHook(() => usePrinting());
    let done: Promise<PrintResult> = Promise.resolve({ ok: true });
    act(() => {
      done = printReceipt({ bridge: bridgeThatPrints(never) }, receipt);
    });
    await act(() => vi.advanceTimersByTimeAsync(PRINT_ANSWER_TIMEOUT_MS - 1));
    expect(printing.current).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(printing.current).toBe(false);
    await expect(done).resolves.toEqual(PRINT_FAILED);
  });

  it('a bridge that throws is a failed print, never an error for the page', async () => {
    const broken = bridgeThatPrints(() => Promise.reject(new Error('main went away')));
    await expect(printReceipt({ bridge: broken }, receipt)).resolves.toEqual(PRINT_FAILED);
  });

  it('without a bridge, the browser prints the page’s slip', async () => {
    // happy-dom has no window.print: stand one in, as a browser has.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await expect(printReceipt({ bridge: null }, receipt)).resolves.toEqual({ ok: true });
    expect(print).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
