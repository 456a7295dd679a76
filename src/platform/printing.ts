import { useSyncExternalStore } from 'react';
import type { PrintResult } from '@shared/bridge';
import type { PrintableReceipt } from '@shared/printable-receipt';
import type { Capabilities } from './capabilities';

/**
 * Printing the receipt slip, the one way the platform allows: through the bridge in
 * Electron (main draws the slip from the receipt's data and prints it silently to the
 * receipt printer in a kiosk, with the print dialog in staff mode), else with the browser's
 * print, whose stylesheet prints only the slip. While a print runs the kiosk's idle timer
 * pauses (usePrinting), never for longer than PRINT_ANSWER_TIMEOUT_MS.
 */
let printing = false;
const listeners = new Set<() => void>();

/**
 * Main abandons a print after 30 s; if its answer never comes (a hung main process, a lost
 * IPC reply) the renderer stops waiting a little later, so the idle timer always resumes
 * and the last shopper's session never stays on screen.
 */
export const PRINT_ANSWER_TIMEOUT_MS = 35_000;

export const PRINT_FAILED: PrintResult = {
  ok: false,
  message: 'The receipt could not be printed. Please show this screen at the counter.',
};

function setPrinting(next: boolean): void {
  printing = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePrinting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => printing,
    () => false,
  );
}

export async function printReceipt(
  capabilities: Pick<Capabilities, 'bridge'>,
  receipt: PrintableReceipt,
): Promise<PrintResult> {
  setPrinting(true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    if (capabilities.bridge) {
      const gaveUp = new Promise<PrintResult>((resolve) => {
        timer = setTimeout(() => {
          resolve(PRINT_FAILED);
        }, PRINT_ANSWER_TIMEOUT_MS);
      });
      return await Promise.race([capabilities.bridge.printReceipt(receipt), gaveUp]);
    }
    // Blocks until the browser's print dialog closes (where there is one).
    window.print();
    return { ok: true };
  } catch {
    return PRINT_FAILED;
  } finally {
    clearTimeout(timer);
    setPrinting(false);
  }
}
