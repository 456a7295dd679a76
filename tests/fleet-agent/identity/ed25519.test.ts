import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicKeyFromRaw, rawPublicKey } from '../../../fleet-agent/identity/ed25519';
import { REPO_ROOT } from '../../../tools/repo-root';

const KEYS_IN_LOOP = 40_000;

describe('rawPublicKey', () => {
  it('gives the raw key a JWK names, from a private or a public key, and reads back', () => {
    for (let n = 0; n < 20; n += 1) {
      const { privateKey, publicKey } = generateKeyPairSync('ed25519');
      const x = publicKey.export({ format: 'jwk' }).x;
      expect(rawPublicKey(privateKey)).toBe(x);
      expect(rawPublicKey(publicKey)).toBe(x);
      expect(publicKeyFromRaw(rawPublicKey(publicKey))?.equals(publicKey)).toBe(true);
    }
  });

  it('refuses a key of another kind', () => {
    expect(() => rawPublicKey(generateKeyPairSync('x25519').publicKey)).toThrow(/not an Ed25519/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => rawPublicKey(ec.privateKey)).toThrow(/not an Ed25519/);
  });

  it(`never hangs while keys are generated and read ${KEYS_IN_LOOP.toLocaleString('en-US')} times in a row`, () => {
    // A small young generation collects garbage every few keys: with the key read from its
    // JWK form, this loop deadlocked after 5,000–20,000 keys in most runs.
    const module = join(REPO_ROOT, 'fleet-agent/identity/ed25519.ts');
    const dir = mkdtempSync(join(tmpdir(), 'ed25519-loop-'));
    const script = join(dir, 'loop.ts');
    writeFileSync(
      script,
      [
        `import { generateKeyPairSync } from 'node:crypto';`,
        `import { rawPublicKey } from ${JSON.stringify(module)};`,
        `for (let n = 0; n < ${KEYS_IN_LOOP}; n += 1) rawPublicKey(generateKeyPairSync('ed25519').privateKey);`,
        `console.log('done');`,
      ].join('\n'),
    );
    const run = spawnSync(
      process.execPath,
      ['--max-semi-space-size=1', '--import', 'tsx', script],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: 90_000,
        killSignal: 'SIGKILL',
      },
    );
    rmSync(dir, { recursive: true, force: true });
    expect(run.signal, 'the loop was killed at its time limit: it hung').toBeNull();
    expect(run.stdout.trim()).toBe('done');
  }, 120_000);
});
