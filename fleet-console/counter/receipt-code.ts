/**
 * The signed receipt code a kiosk prints as its QR (FLEET-CONTRACT.md):
 * `KSR1.<b64url(payload JSON)>.<b64url(Ed25519 signature over the payload JSON bytes)>`,
 * payload `{"r":receipt id,"k":kiosk id,"t":ms,"i":[[productId,quantity],…],"c":total cents}`.
 * Decoding checks the shape only; receipt-verify.ts checks the signature.
 */
import { z } from 'zod';
import { decodeBase64Url } from '../lib/base64url';
import { isKioskId } from '../protocol/fleet-topics';

export const RECEIPT_CODE_PREFIX = 'KSR1';

const receiptPayload = z.strictObject({
  r: z.string().regex(/^Receipt-[0-9]{1,16}-[0-9]{1,9}$/),
  k: z.string().refine(isKioskId),
  t: z.number().int().positive().max(8_640_000_000_000_000),
  i: z
    .array(
      z.tuple([z.number().int().positive().max(999_999_999), z.number().int().min(1).max(9999)]),
    )
    .min(1)
    .max(200),
  c: z.number().int().nonnegative().max(100_000_000_000),
});

export type ReceiptPayload = z.infer<typeof receiptPayload>;

export interface DecodedReceipt {
  payload: ReceiptPayload;
  /** The exact bytes that were signed. */
  signedBytes: Uint8Array;
  signature: Uint8Array;
}

export type DecodeResult = { ok: true; receipt: DecodedReceipt } | { ok: false; reason: string };

/** Long enough for 200 lines; a scanner or a paste of anything longer is not ours. */
const MAX_CODE_LENGTH = 8000;

export function decodeReceiptCode(text: string): DecodeResult {
  const code = text.trim();
  if (code.length === 0) return { ok: false, reason: 'Nothing was scanned.' };
  if (/^Receipt-[0-9]+-[0-9]+$/.test(code)) {
    return {
      ok: false,
      reason:
        'This is a plain receipt id, not a signed receipt code: it cannot be checked (the kiosk has no fleet configured, or it is the web shop).',
    };
  }
  if (code.length > MAX_CODE_LENGTH || !code.startsWith(`${RECEIPT_CODE_PREFIX}.`)) {
    return { ok: false, reason: 'This is not a kiosk receipt code.' };
  }
  const parts = code.split('.');
  const [, payloadText = '', signatureText = ''] = parts;
  const signedBytes = parts.length === 3 ? decodeBase64Url(payloadText) : null;
  const signature = parts.length === 3 ? decodeBase64Url(signatureText) : null;
  if (!signedBytes || signature?.byteLength !== 64) {
    return { ok: false, reason: 'The receipt code is damaged: it cannot be read.' };
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(signedBytes));
  } catch {
    return { ok: false, reason: 'The receipt code is damaged: it cannot be read.' };
  }
  const parsed = receiptPayload.safeParse(json);
  if (!parsed.success) {
    return { ok: false, reason: 'The receipt code is damaged: its contents are not a receipt.' };
  }
  return { ok: true, receipt: { payload: parsed.data, signedBytes, signature } };
}
