// @vitest-environment node
import { generateKeyPairSync, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeEnrolmentKey } from '../../tests/support/fixtures/kiosk-certificate';
import { loadSigningKey, type WebCryptoKeys } from './signing-key';

const subtle = webcrypto.subtle as unknown as WebCryptoKeys;
const operator = makeEnrolmentKey();

describe('the enrolment key loaded for a session', () => {
  it('loads the private half of the pinned public key, not extractable', async () => {
    const loaded = await loadSigningKey(operator.privatePem, operator.publicText, subtle);
    expect(loaded.ok).toBe(true);
    if (loaded.ok) expect(loaded.key.extractable).toBe(false);
  });

  it('refuses another key, a key when none is pinned, and what is not a key', async () => {
    const other = makeEnrolmentKey();
    expect(await loadSigningKey(other.privatePem, operator.publicText, subtle)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not the private half') as unknown,
    });
    expect(await loadSigningKey(operator.privatePem, '', subtle)).toMatchObject({ ok: false });
    expect(await loadSigningKey('hello', operator.publicText, subtle)).toMatchObject({ ok: false });
    expect(await loadSigningKey('x'.repeat(5000), operator.publicText, subtle)).toMatchObject({
      ok: false,
    });
    const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(await loadSigningKey(ecKey, operator.publicText, subtle)).toMatchObject({ ok: false });
  });
});
