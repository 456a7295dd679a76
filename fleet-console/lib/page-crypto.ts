import type { Ed25519Verifier } from '@shared/fleet/receipt-code';

/**
 * The browser's WebCrypto, which exists only in a secure context (https, or this machine's
 * loopback); null elsewhere, and the counter then says why it cannot check receipts.
 */
export function pageSubtle(): Ed25519Verifier<CryptoKey> | null {
  return window.isSecureContext && typeof crypto.subtle !== 'undefined' ? crypto.subtle : null;
}
