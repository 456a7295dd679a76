/**
 * `npm run -s fleet:keygen` and `npm run -s fleet:sign`, run for real: the key file is a
 * 0600 PKCS#8 Ed25519 key in the operator's key folder (0700, outside the checkout), never
 * overwritten, and the envelope verifies with node:crypto and is accepted by the kiosk's
 * remote config, which refuses it once a byte changes; what a kiosk would refuse is not signed.
 */
import { spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, verify, webcrypto } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createRemoteConfig } from '../../../fleet-agent/config/remote-config';
import { kioskRemoteKeys } from '../../../fleet-agent/config/remote-keys';
import { canonicalJsonBytes } from '../../../shared/fleet/canonical-json';
import { loadSigningKey } from '../../../fleet-console/enrolment/signing-key';

vi.mock('electron', () => ({}));

const ROOT = process.cwd();
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const dir = mkdtempSync(join(tmpdir(), 'fleet-keygen-'));
/** The operator's own config folder, as XDG_CONFIG_HOME names it. */
const home = mkdtempSync(join(tmpdir(), 'fleet-keygen-home-'));
const keys = join(home, 'kiosk-shop', 'keys');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function run(script: string, args: string[]) {
  return spawnSync(TSX, [join(ROOT, 'scripts', 'fleet', script), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, KIOSK_SHOP_KEYS: '', XDG_CONFIG_HOME: home },
    timeout: 60_000,
  });
}

function remoteConfig(publicKey: string) {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const remote = createRemoteConfig({
    kioskId: 'kiosk-0123456789ab',
    prefix: 'chain-north',
    topics: {
      fleet: 'chain-north/fleet/config',
      kiosk: 'chain-north/kiosks/kiosk-0123456789ab/config',
    },
    publicKey: () => publicKey,
    keys: kioskRemoteKeys({ locks: () => [] }),
    store: { load: () => ({ fleet: null, kiosk: null }), save: () => undefined },
    log,
  });
  return remote;
}

describe('npm run fleet:keygen and fleet:sign', () => {
  it('are the npm scripts docs/fleet/signed-config.md names', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts['fleet:keygen']).toBe('tsx scripts/fleet/fleet-keygen.ts');
    expect(scripts['fleet:sign']).toBe('tsx scripts/fleet/fleet-sign.ts');
    const doc = readFileSync(join(ROOT, 'docs', 'fleet', 'signed-config.md'), 'utf8');
    expect(doc).toContain('npm run -s fleet:keygen');
    expect(doc).toContain(
      'npm run -s fleet:sign -- idle.json --prefix kiosk-shop --days 30 > idle.signed.json',
    );
    expect(doc).toContain('~/.config/kiosk-shop/keys/fleet-config.key');
  });

  it('make a key and an envelope the kiosk accepts, and a changed one it refuses', () => {
    const keygen = run('fleet-keygen.ts', []);
    expect(keygen.status, keygen.stderr).toBe(0);
    const publicKey = keygen.stdout.trim();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const keyFile = join(keys, 'fleet-config.key');
    expect(existsSync(join(dir, 'fleet-config.key'))).toBe(false);
    expect(statSync(keys).mode & 0o777).toBe(0o700);
    expect(keygen.stderr).toContain(`Private key written to ${keyFile} (mode 0600`);
    const pem = readFileSync(keyFile, 'utf8');
    const privateKey = createPrivateKey(pem);
    expect(privateKey.asymmetricKeyType).toBe('ed25519');
    expect(createPublicKey(privateKey).export({ format: 'jwk' }).x).toBe(publicKey);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    // Never over an existing key.
    const again = run('fleet-keygen.ts', []);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect(readFileSync(keyFile, 'utf8')).toBe(pem);

    const config = { version: 3, target: 'all', idleTimeoutSeconds: 45 };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    const before = Date.now();
    const signed = run('fleet-sign.ts', ['config.json', '--prefix', 'chain-north', '--days', '7']);
    expect(signed.status, signed.stderr).toBe(0);
    const envelope = JSON.parse(signed.stdout) as {
      config: Record<string, unknown>;
      signature: string;
    };
    expect(envelope.config).toEqual({
      ...config,
      prefix: 'chain-north',
      notAfter: expect.any(String) as unknown,
    });
    const notAfter = Date.parse(String(envelope.config.notAfter));
    expect(notAfter - before).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(notAfter - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(signed.stderr).toContain('version 3, for all under chain-north, valid until');
    expect(
      verify(
        null,
        canonicalJsonBytes(envelope.config),
        createPublicKey(privateKey),
        Buffer.from(envelope.signature, 'base64url'),
      ),
    ).toBe(true);

    const kiosk = remoteConfig(publicKey);
    expect(kiosk.receive('fleet', new TextEncoder().encode(signed.stdout))).toBe('accepted');
    expect(kiosk.version()).toBe(3);

    const tampered = JSON.stringify({
      ...envelope,
      config: { ...envelope.config, idleTimeoutSeconds: 0 },
    });
    const fresh = remoteConfig(publicKey);
    expect(fresh.receive('fleet', new TextEncoder().encode(tampered))).toBe('refused');
    expect(fresh.refusals().map((refusal) => refusal.reason)).toEqual(['bad signature']);

    // The same config signed for the default prefix is another fleet's.
    const elsewhere = run('fleet-sign.ts', ['config.json', '--key', keyFile]);
    expect(elsewhere.status, elsewhere.stderr).toBe(0);
    const other = remoteConfig(publicKey);
    expect(other.receive('fleet', new TextEncoder().encode(elsewhere.stdout))).toBe('refused');
    expect(other.refusals().map((refusal) => refusal.reason)).toEqual(['wrong prefix']);

    // A withdrawal: signed like a config, it takes the config in force out.
    writeFileSync(
      join(dir, 'withdraw.json'),
      JSON.stringify({ version: 4, target: 'all', tombstone: true }),
    );
    const withdrawal = run('fleet-sign.ts', [
      'withdraw.json',
      '--prefix',
      'chain-north',
      '--key',
      keyFile,
    ]);
    expect(withdrawal.status, withdrawal.stderr).toBe(0);
    expect(withdrawal.stderr).toContain('Signed a withdrawal, version 4');
    expect(kiosk.receive('fleet', new TextEncoder().encode(withdrawal.stdout))).toBe('cleared');
    expect(kiosk.version()).toBeNull();
    expect(kiosk.layers()).toEqual([]);
  }, 120_000);

  it('with --enrolment makes the enrolment key, whose private half the console loads', async () => {
    const keygen = run('fleet-keygen.ts', ['--enrolment']);
    expect(keygen.status, keygen.stderr).toBe(0);
    const publicKey = keygen.stdout.trim();
    const keyFile = join(keys, 'fleet-enrolment.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(keygen.stderr).toContain(`"enrolmentPublicKey": "${publicKey}"`);
    expect(keygen.stderr).toContain(`--enrolment-key=${publicKey}`);
    const loaded = await loadSigningKey(readFileSync(keyFile, 'utf8'), publicKey, webcrypto.subtle);
    expect(loaded.ok).toBe(true);
  }, 60_000);

  it.each([
    ['no version', { target: 'all', idleTimeoutSeconds: 45 }],
    ['a version 0', { version: 0, target: 'all' }],
    ['no target', { version: 1 }],
    ['a wildcard target', { version: 1, target: '+' }],
    ['a notAfter that has passed', { version: 1, target: 'all', notAfter: '2020-01-01T00:00:00Z' }],
    [
      'a tombstone that sets keys',
      { version: 1, target: 'all', tombstone: true, printerName: 'x' },
    ],
    ['a prefix --prefix contradicts', { version: 1, target: 'all', prefix: 'other' }],
  ])(
    'fleet:sign refuses a config with %s and prints nothing',
    (_name, config) => {
      writeFileSync(join(dir, 'bad.json'), JSON.stringify(config));
      const signed = run('fleet-sign.ts', [
        'bad.json',
        '--prefix',
        'kiosk-shop',
        '--key',
        join(keys, 'fleet-config.key'),
      ]);
      expect(signed.status).toBe(1);
      expect(signed.stdout).toBe('');
      expect(signed.stderr).toMatch(/version|target|notAfter|tombstone|prefix/);
    },
    60_000,
  );

  it.each([
    [
      'an opening time without its leading zero',
      { openingHours: { timeZone: 'Europe/Paris', days: { mon: [['8:00', '18:00']] } } },
      'invalid value: openingHours (must be a time HH:MM, 00:00 to 23:59)',
    ],
    ['a key no remote config may set', { mode: 'windowed' }, 'locked: mode'],
    [
      'a key the kiosk does not know',
      { idleTimeout: 45 },
      'invalid value: idleTimeout (unknown key)',
    ],
  ])(
    'fleet:sign refuses %s, in the words the kiosk would refuse it with',
    (_name, keys, words) => {
      writeFileSync(
        join(dir, 'refused.json'),
        JSON.stringify({ version: 9, target: 'all', ...keys }),
      );
      const signed = run('fleet-sign.ts', [
        'refused.json',
        '--key',
        join(home, 'kiosk-shop', 'keys', 'fleet-config.key'),
      ]);
      expect(signed.status).toBe(1);
      expect(signed.stdout).toBe('');
      expect(signed.stderr).toContain('every kiosk would refuse this config');
      expect(signed.stderr).toContain(words);
    },
    60_000,
  );
});
