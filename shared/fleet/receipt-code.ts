/**
 * The signed receipt code a kiosk's QR carries, so the counter can tell a real order from
 * a screenshot and see what was bought:
 *
 *   KSR1.<base64url(payload JSON)>.<base64url(Ed25519 signature over those JSON bytes)>
 *
 * payload `{"r":"Receipt-…","k":"<kiosk id>","t":<ms>,"i":[[productId,quantity],…],"c":<total cents>}`:
 * nothing about the shopper. Signing happens in the kiosk's main process (node:crypto);
 * verifying here uses WebCrypto, passed in, so the console in a browser and the tests in
 * Node check a code the same way. No zod and no Node: the console's counter view and any
 * browser page can import this file alone; payloads.ts holds the zod form of the same rules.
 */
import type { ReceiptToSign } from '../bridge';
import { fromBase64Url, toBase64Url } from './base64url';
import { isValidKioskId } from './topics';

export const RECEIPT_CODE_PREFIX = 'KSR1.';

/** The receipt id the shop prints (spec §3): `Receipt-{ms}-{0–999}`. */
export const RECEIPT_ID_PATTERN = /^Receipt-\d{1,16}-\d{1,3}$/;

export const RECEIPT_LIMITS = {
  /** Distinct products on one receipt. */
  maxItems: 100,
  /** The cart's own cap per line. */
  maxQuantity: 9999,
  maxProductId: 2 ** 31 - 1,
  /** Ten million dollars: far beyond any counter order, well inside a safe integer. */
  maxTotalCents: 1_000_000_000,
  /** Beyond this a QR on a receipt slip no longer scans reliably: the plain id is shown. */
  maxCodeLength: 1500,
} as const;

/** [productId, quantity] */
export type ReceiptItem = [number, number];

export interface ReceiptPayload {
  /** Receipt id, as printed. */
  r: string;
  /** Id of the kiosk that signed it. */
  k: string;
  /** When it was confirmed, ms since the epoch. */
  t: number;
  i: ReceiptItem[];
  /** Total in cents. */
  c: number;
}

/** What the renderer asks main to sign; main adds its own kiosk id. */
export type ReceiptSignRequest = ReceiptToSign;

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;

function readItems(value: unknown): ReceiptItem[] | null {
  if (!Array.isArray(value) || value.length < 1 || value.length > RECEIPT_LIMITS.maxItems) {
    return null;
  }
  const items: ReceiptItem[] = [];
  const seen = new Set<number>();
  for (const entry of value as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2) return null;
    const [productId, quantity] = entry as unknown[];
    if (!isWhole(productId, 1, RECEIPT_LIMITS.maxProductId)) return null;
    if (!isWhole(quantity, 1, RECEIPT_LIMITS.maxQuantity)) return null;
    // One line per product, as in the cart: a repeated id would make the order ambiguous.
    if (seen.has(productId)) return null;
    seen.add(productId);
    items.push([productId, quantity]);
  }
  return items;
}

function hasOnlyKeys(record: Record<string, unknown>, keys: readonly string[]): boolean {
  return Object.keys(record).every((key) => keys.includes(key));
}

/** A sign request with exactly the fields and bounds allowed, or null. */
export function parseReceiptSignRequest(value: unknown): ReceiptSignRequest | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (!hasOnlyKeys(record, ['r', 't', 'i', 'c'])) return null;
  const { r, t, i, c } = record;
  if (typeof r !== 'string' || !RECEIPT_ID_PATTERN.test(r)) return null;
  if (!isWhole(t, 1, 8.64e15)) return null;
  if (!isWhole(c, 0, RECEIPT_LIMITS.maxTotalCents)) return null;
  const items = readItems(i);
  return items === null ? null : { r, t, i: items, c };
}

/** A receipt payload with exactly the fields and bounds allowed, or null. */
export function parseReceiptPayload(value: unknown): ReceiptPayload | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { k, ...rest } = value as Record<string, unknown>;
  if (typeof k !== 'string' || !isValidKioskId(k)) return null;
  const request = parseReceiptSignRequest(rest);
  return request === null ? null : { r: request.r, k, t: request.t, i: request.i, c: request.c };
}

/** The JSON text that is signed, fields in a fixed order. */
export function receiptPayloadJson(payload: ReceiptPayload): string {
  const { r, k, t, i, c } = payload;
  return JSON.stringify({ r, k, t, i, c });
}

export function encodeReceiptCode(payloadJson: string, signature: Uint8Array): string {
  const body = toBase64Url(new TextEncoder().encode(payloadJson));
  return `${RECEIPT_CODE_PREFIX}${body}.${toBase64Url(signature)}`;
}

export interface DecodedReceiptCode {
  payload: ReceiptPayload;
  /** The exact bytes the signature covers. */
  signed: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

/** Reads a scanned code (surrounding whitespace from a scanner ignored), or null. */
export function decodeReceiptCode(text: string): DecodedReceiptCode | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(RECEIPT_CODE_PREFIX) || trimmed.length > 4096) return null;
  const parts = trimmed.slice(RECEIPT_CODE_PREFIX.length).split('.');
  if (parts.length !== 2) return null;
  const signed = fromBase64Url(parts[0] ?? '');
  const signature = fromBase64Url(parts[1] ?? '');
  if (signed === null || signature === null || signature.length !== 64) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(signed));
  } catch {
    return null;
  }
  const payload = parseReceiptPayload(json);
  return payload === null ? null : { payload, signed, signature };
}

/** The part of WebCrypto's SubtleCrypto that verifying needs (crypto.subtle fits it). */
export interface Ed25519Verifier<Key> {
  importKey(
    format: 'raw',
    keyData: Uint8Array<ArrayBuffer>,
    algorithm: { name: 'Ed25519' },
    extractable: false,
    keyUsages: ['verify'],
  ): Promise<Key>;
  verify(
    algorithm: { name: 'Ed25519' },
    key: Key,
    signature: Uint8Array<ArrayBuffer>,
    data: Uint8Array<ArrayBuffer>,
  ): Promise<boolean>;
}

export type ReceiptCheck =
  | { ok: true; payload: ReceiptPayload }
  | { ok: false; reason: 'malformed' | 'bad key' | 'bad signature' };

/** True when `text` is a base64url raw 32-byte Ed25519 public key. */
export function isPublicKeyText(text: string): boolean {
  return fromBase64Url(text)?.length === 32;
}

/**
 * Checks a scanned code against the public key (base64url raw) of the kiosk it names.
 * The caller looks that key up by `kioskIdOfReceiptCode`; an unknown kiosk is its refusal.
 */
export async function verifyReceiptCode<Key>(
  text: string,
  publicKey: string,
  subtle: Ed25519Verifier<Key>,
): Promise<ReceiptCheck> {
  const decoded = decodeReceiptCode(text);
  if (decoded === null) return { ok: false, reason: 'malformed' };
  const raw = fromBase64Url(publicKey);
  if (raw === null || raw.length !== 32) return { ok: false, reason: 'bad key' };
  let key: Key;
  try {
    key = await subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return { ok: false, reason: 'bad key' };
  }
  let valid: boolean;
  try {
    valid = await subtle.verify({ name: 'Ed25519' }, key, decoded.signature, decoded.signed);
  } catch {
    valid = false;
  }
  return valid ? { ok: true, payload: decoded.payload } : { ok: false, reason: 'bad signature' };
}

/** The kiosk id a code claims (unverified), to look up its public key; null if malformed. */
export function kioskIdOfReceiptCode(text: string): string | null {
  return decodeReceiptCode(text)?.payload.k ?? null;
}
