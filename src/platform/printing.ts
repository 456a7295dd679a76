import { useSyncExternalStore } from 'react';
import type { PrintResult } from '@shared/bridge';
import type { Capabilities } from './capabilities';

/**
 * Printing the receipt slip, the one way the platform allows: through the bridge in
 * Electron (silently to the receipt printer in a kiosk, with the print dialog in staff
 * mode), else with the browser's print, whose stylesheet prints only the slip. While a
 * print runs the kiosk's idle timer pauses (usePrinting).
 */
let printing = false;
const listeners = new Set<() => void>();

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
): Promise<PrintResult> {
  setPrinting(true);
  try {
    if (capabilities.bridge) return await capabilities.bridge.printReceipt();
    // Blocks until the browser's print dialog closes (where there is one).
    window.print();
    return { ok: true };
  } catch {
    return {
      ok: false,
      message: 'The receipt could not be printed. Please show this screen at the counter.',
    };
  } finally {
    setPrinting(false);
  }
}
