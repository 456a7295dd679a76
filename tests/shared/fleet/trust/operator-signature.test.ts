import { webcrypto } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  readJsonBytes,
  signObject,
  verifyObject,
  type Ed25519Signer,
} from '../../../../shared/fleet/trust/operator-signature';
import type { Ed25519Verifier } from '../../../../shared/fleet/receipt-code';
import { makeEnrolmentKey } from '../../../support/fixtures/kiosk-certificate';

const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey> & Ed25519Signer<CryptoKey>;

describe('what the operator signs', () => {
  it('verifies over canonical JSON, whatever the key order', async () => {
    const operator = makeEnrolmentKey();
    const key = await webcrypto.subtle.importKey(
      'pkcs8',
      operator.privateKey.export({ format: 'der', type: 'pkcs8' }),
      { name: 'Ed25519' },
      false,
      ['sign'],
    );
    const signature = await signObject({ b: 1, a: 'x' }, key, subtle);
    expect(await verifyObject({ a: 'x', b: 1 }, signature, operator.publicText, subtle)).toBe(true);
    expect(await verifyObject({ a: 'x', b: 2 }, signature, operator.publicText, subtle)).toBe(
      false,
    );
    expect(await verifyObject({ a: 'x', b: 1 }, signature, 'not-a-key', subtle)).toBe(false);
    expect(await verifyObject({ a: 'x', b: 1 }, 'short', operator.publicText, subtle)).toBe(false);
    // A value canonical JSON cannot carry is a refusal, never an exception.
    expect(await verifyObject({ a: Number.NaN }, signature, operator.publicText, subtle)).toBe(
      false,
    );
  });

  it('reads bytes as JSON only within the bound, never throwing', () => {
    expect(readJsonBytes(new TextEncoder().encode('{"a":1}'), 100)).toEqual({ a: 1 });
    expect(readJsonBytes(new TextEncoder().encode('{"a":1}'), 3)).toBeUndefined();
    expect(readJsonBytes(new Uint8Array([0xff, 0xfe]), 100)).toBeUndefined();
    expect(readJsonBytes(new Uint8Array(), 100)).toBeUndefined();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        readJsonBytes(bytes, 150);
      }),
      { numRuns: 1000 },
    );
  });
});
