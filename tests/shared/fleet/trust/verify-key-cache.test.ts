import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Ed25519Verifier } from '../../../../shared/fleet/receipt-code';
import { importVerifyKey, MAX_KEPT_KEYS } from '../../../../shared/fleet/trust/verify-key-cache';
import { fromBase64Url } from '../../../../shared/fleet/base64url';
import { makeEnrolmentKey } from '../../../support/fixtures/kiosk-certificate';

const real = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey>;

/** WebCrypto, counting its imports; `refuse` makes the next imports fail. */
function countingVerifier(): Ed25519Verifier<CryptoKey> & { imports: number; refuse: boolean } {
  const verifier = {
    imports: 0,
    refuse: false,
    importKey: (...args: Parameters<Ed25519Verifier<CryptoKey>['importKey']>) => {
      verifier.imports += 1;
      if (verifier.refuse) return Promise.reject(new Error('refused'));
      return real.importKey(...args);
    },
    verify: (...args: Parameters<Ed25519Verifier<CryptoKey>['verify']>) => real.verify(...args),
  };
  return verifier;
}

const keyText = (): { text: string; raw: Uint8Array<ArrayBuffer> } => {
  const text = makeEnrolmentKey().publicText;
  const raw = fromBase64Url(text);
  if (!raw) throw new Error('the fixture key is not base64url');
  return { text, raw };
};

describe('imported verify keys', () => {
  it('imports a key once per verifier, however often it verifies', async () => {
    const subtle = countingVerifier();
    const other = countingVerifier();
    const { text, raw } = keyText();
    const keys = await Promise.all([1, 2, 3].map(() => importVerifyKey(subtle, text, raw)));
    expect(new Set(keys).size).toBe(1);
    expect(subtle.imports).toBe(1);
    await importVerifyKey(other, text, raw);
    expect(other.imports).toBe(1);
  });

  it('keeps no failed import: the same key is tried afresh', async () => {
    const subtle = countingVerifier();
    const { text, raw } = keyText();
    subtle.refuse = true;
    await expect(importVerifyKey(subtle, text, raw)).rejects.toThrow('refused');
    subtle.refuse = false;
    await expect(importVerifyKey(subtle, text, raw)).resolves.toBeDefined();
    expect(subtle.imports).toBe(2);
  });

  it('keeps at most MAX_KEPT_KEYS, dropping the oldest', async () => {
    const subtle = countingVerifier();
    const first = keyText();
    await importVerifyKey(subtle, first.text, first.raw);
    for (let i = 0; i < MAX_KEPT_KEYS; i += 1) {
      const next = keyText();
      await importVerifyKey(subtle, next.text, next.raw);
    }
    expect(subtle.imports).toBe(MAX_KEPT_KEYS + 1);
    await importVerifyKey(subtle, first.text, first.raw);
    expect(subtle.imports).toBe(MAX_KEPT_KEYS + 2);
  });
});
