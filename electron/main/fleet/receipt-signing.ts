/**
 * Signed receipts: the renderer asks (`signReceipt`) for the QR text of a confirmed
 * receipt, `{r, t, i, c}` (id, time, [productId, quantity] lines, total in cents). Main
 * checks who asks and what, adds its kiosk id, signs with the receipt key and answers the
 * `KSR1.…` code, or null, and the page shows the plain receipt id. Nothing is sent
 * anywhere (spec §7): the code only goes onto the shopper's screen and slip.
 *
 * Only a kiosk with a fleet broker configured has a key, and it signs only once enrolled
 * (fleet-agent's enrolment.ts: a certificate for this key, signed by the operator, that counters check);
 * before that, and without a fleet, every answer is null and the QR shows the plain id.
 */
import type { IpcMain } from 'electron';
import { IPC_CHANNELS } from '../../../shared/bridge';
import { isTrustedSender } from '../ipc-sender';
import type { Logger } from '../logging/logging';
import type { ReceiptSigner } from '../../../fleet-agent/identity/receipt-signer';

export interface ReceiptSigningOptions {
  ipcMain: Pick<IpcMain, 'handle'>;
  /** The kiosk's signer (fleet-identity.ts): its key and whether it is enrolled. */
  signer: ReceiptSigner;
  log: Logger;
}

/**
 * Answers the renderer's sign requests (always: without a fleet the answer is null) with
 * the signer, whose `receiptPublicKey` the fleet's online status carries.
 */
export function setupReceiptSigning({
  ipcMain,
  signer,
  log,
}: ReceiptSigningOptions): ReceiptSigner {
  let strangerLogged = false;
  let refusalLogged = false;
  ipcMain.handle(IPC_CHANNELS.signReceipt, (event, request: unknown): string | null => {
    if (!isTrustedSender(event)) {
      if (!strangerLogged) {
        strangerLogged = true;
        log.warn(
          `IPC: rejected ${IPC_CHANNELS.signReceipt} from ${event.senderFrame?.url ?? 'a gone frame'}`,
        );
      }
      return null;
    }
    const code = signer.sign(request);
    // Not enrolled yet is the enrolment's to log (with the pairing code), not a refusal.
    if (
      code === null &&
      signer.receiptPublicKey() !== null &&
      signer.enrolled() &&
      !refusalLogged
    ) {
      // Once: a page that sends a bad receipt sends it with every purchase.
      refusalLogged = true;
      log.warn('Receipts: a receipt was not signed (out of bounds or too long); plain id shown');
    }
    return code;
  });
  return signer;
}
