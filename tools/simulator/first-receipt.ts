/**
 * The receipt a newcomer can take to the counter without a kiosk: once the simulator's
 * first kiosk is enrolled, it signs one pretend order with its receipt key, exactly as a
 * kiosk signs a confirmed order, and the code is printed (and its QR written as a PNG when
 * asked), so the counter page can check it and hand it over.
 */
import { writeFileSync } from 'node:fs';
import type { SimulatedKiosk } from './simulated-kiosk';
import { receiptQrPng } from './qr-png';
import { sampleReceipt } from './sample-receipt';

export interface FirstReceiptOptions {
  /** Where to write the code's QR as a PNG; absent: the code is only printed. */
  png?: string | undefined;
  say: (line: string) => void;
  now?: () => number;
}

/** Signs and hands over one receipt the first time `kiosk` is enrolled; returns an unsubscribe. */
export function signFirstReceipt(kiosk: SimulatedKiosk, options: FirstReceiptOptions): () => void {
  const now = options.now ?? Date.now;
  let signed = false;
  const unsubscribe = kiosk.enrolment.onChange((state) => {
    if (signed || state.kind !== 'enrolled') return;
    const code = kiosk.signReceipt(sampleReceipt(now()));
    if (code === null) return;
    signed = true;
    options.say(`Signed receipt from ${kiosk.kioskId} (store ${state.certificate.store}):`);
    options.say(code);
    if (options.png !== undefined) {
      writeFileSync(options.png, receiptQrPng(code));
      options.say(`Its QR code: ${options.png} (scan it at the counter, or paste the code)`);
    }
  });
  return unsubscribe;
}
