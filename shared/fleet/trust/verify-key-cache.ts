/**
 * Imported Ed25519 public keys, kept per verifier. A console reading a fleet verifies every
 * kiosk's certificate under the same enrolment key, and importing that key again for each
 * one cost as much as the verification itself; a shop service checks many receipts under
 * a few kiosks' keys. Keys are kept by their raw text, at most MAX_KEPT_KEYS per verifier
 * (the oldest dropped first), and a failed import is not kept, so a bad key is refused
 * afresh each time and never poisons a good one.
 */
import type { Ed25519Verifier } from '../receipt-code';

export const MAX_KEPT_KEYS = 256;

const kept = new WeakMap<object, Map<string, Promise<unknown>>>();

/** `raw` (32 bytes, the key `text` names) imported for verifying, or the import's error. */
export function importVerifyKey<Key>(
  subtle: Ed25519Verifier<Key>,
  text: string,
  raw: Uint8Array<ArrayBuffer>,
): Promise<Key> {
  let keys = kept.get(subtle);
  if (!keys) {
    keys = new Map();
    kept.set(subtle, keys);
  }
  const known = keys.get(text) as Promise<Key> | undefined;
  if (known) return known;
  const imported = subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
  if (keys.size >= MAX_KEPT_KEYS) {
    const oldest = keys.keys().next();
    if (!oldest.done) keys.delete(oldest.value);
  }
  keys.set(text, imported);
  const forget = (): void => {
    if (keys.get(text) === imported) keys.delete(text);
  };
  imported.catch(forget);
  return imported;
}
