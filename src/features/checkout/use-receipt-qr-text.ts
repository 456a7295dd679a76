import { useEffect, useState } from 'react';
import { useCapabilities } from '@/platform/capabilities-context';
import type { Receipt } from './receipt';
import { receiptToSign } from './receipt-to-sign';

/** What a signed code looks like; anything else from the bridge is no code. */
const SIGNED_CODE = /^KSR1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_CODE_LENGTH = 1500;

/**
 * The text the receipt's QR encodes: the kiosk's signed code for this receipt when the
 * main process gives one (a kiosk with a fleet), else the plain receipt id, as in the web
 * build and on a kiosk without a fleet. Asking never reaches the network (spec §7): main
 * signs locally. Until the answer comes, and on any failure, the plain id is shown.
 */
export function useReceiptQrText(receipt: Receipt): string {
  const { bridge } = useCapabilities();
  const [signed, setSigned] = useState<{ id: string; code: string } | null>(null);

  useEffect(() => {
    if (typeof bridge?.signReceipt !== 'function') return;
    let current = true;
    const accept = (code: unknown): void => {
      if (
        current &&
        typeof code === 'string' &&
        code.length <= MAX_CODE_LENGTH &&
        SIGNED_CODE.test(code)
      ) {
        setSigned({ id: receipt.id, code });
      }
    };
    try {
      bridge.signReceipt(receiptToSign(receipt)).then(accept, () => undefined);
    } catch {
      // A bridge that throws leaves the plain id, which the counter can always read.
    }
    return () => {
      current = false;
    };
  }, [bridge, receipt]);

  return signed?.id === receipt.id ? signed.code : receipt.id;
}
