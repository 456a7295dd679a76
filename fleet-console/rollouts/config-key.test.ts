// @vitest-environment node
import { generateKeyPairSync, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfigKey, type ConfigKeyCrypto } from './config-key';

const subtle = webcrypto.subtle as unknown as ConfigKeyCrypto;

describe('loading the config key for the session', () => {
  it('loads an Ed25519 PEM as a key that cannot be exported, and names its public half', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const loaded = await loadConfigKey(pem, subtle);
    expect(loaded.ok && loaded.publicKey).toBe(publicKey.export({ format: 'jwk' }).x);
    expect(loaded.ok && loaded.key.extractable).toBe(false);
  });

  it('refuses what is not an Ed25519 private key', async () => {
    const rsa = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(await loadConfigKey(rsa, subtle)).toEqual({
      ok: false,
      reason: 'This is not an Ed25519 private key.',
    });
    expect((await loadConfigKey('hello', subtle)).ok).toBe(false);
    expect((await loadConfigKey('x'.repeat(5000), subtle)).ok).toBe(false);
  });
});
