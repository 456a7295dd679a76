/**
 * `npm run -s update:sign`, run for real: it writes `<file>.sig` beside each channel file,
 * which the kiosk's own check accepts with the fleet's public key and refuses with another;
 * a file that is not a channel file is not signed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFeedFile } from '../../../electron/main/updates/feed-signature';
import { makeKeyPair } from '../../support/fleet-keys';

const ROOT = process.cwd();
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const dir = mkdtempSync(join(tmpdir(), 'update-sign-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[]) =>
  spawnSync(TSX, [join(ROOT, 'scripts', 'kiosk', 'update-sign.ts'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    // The operator's key folder, where fleet:keygen writes the config key update:sign reads.
    env: { ...process.env, KIOSK_SHOP_KEYS: dir },
    timeout: 60_000,
  });

describe('npm run update:sign', () => {
  it('is the npm script the updates page names', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts['update:sign']).toBe('tsx scripts/kiosk/update-sign.ts');
    const doc = readFileSync(join(ROOT, 'docs', 'kiosk', 'updates-and-self-care.md'), 'utf8');
    expect(doc).toContain('npm run -s update:sign -- release/latest-linux.yml');
  });

  it('signs each channel file with the fleet’s key, as the kiosk checks it', () => {
    const key = makeKeyPair();
    const other = makeKeyPair();
    writeFileSync(join(dir, 'fleet-config.key'), key.privatePem, { mode: 0o600 });
    const files = {
      'latest-linux.yml': 'version: 1.2.0\npath: Kiosk Shop-1.2.0-x86_64.AppImage\n',
      'latest.yml': 'version: 1.2.0\npath: Kiosk Shop-Setup-1.2.0.exe\n',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const signed = run(['latest-linux.yml', 'latest.yml']);
    expect(signed.status, signed.stderr).toBe(0);
    expect(signed.stdout.trim().split('\n')).toEqual(['latest-linux.yml.sig', 'latest.yml.sig']);
    for (const [fileName, text] of Object.entries(files)) {
      const signature = readFileSync(join(dir, `${fileName}.sig`), 'utf8');
      expect(checkFeedFile({ fileName, text, signature }, key.publicText)).toEqual({ ok: true });
      expect(checkFeedFile({ fileName, text, signature }, other.publicText).ok).toBe(false);
    }
  }, 60_000);

  it('sets the staged rollout’s percentage before it signs, so the signature covers it', () => {
    const key = makeKeyPair();
    writeFileSync(join(dir, 'fleet-config.key'), key.privatePem, { mode: 0o600 });
    writeFileSync(join(dir, 'beta-linux.yml'), 'version: 1.4.0-beta.1\npath: b.AppImage\n');
    const signed = run(['beta-linux.yml', '--staging', '10']);
    expect(signed.status, signed.stderr).toBe(0);
    const text = readFileSync(join(dir, 'beta-linux.yml'), 'utf8');
    expect(text).toContain('stagingPercentage: 10\n');
    const signature = readFileSync(join(dir, 'beta-linux.yml.sig'), 'utf8');
    expect(checkFeedFile({ fileName: 'beta-linux.yml', text, signature }, key.publicText)).toEqual({
      ok: true,
    });
  }, 60_000);

  it('signs no file that is not a channel file, and says why', () => {
    writeFileSync(join(dir, 'notes.txt'), 'version: 1.2.0\n');
    const refused = run(['notes.txt']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('not a channel file');
    expect(existsSync(join(dir, 'notes.txt.sig'))).toBe(false);
  }, 60_000);
});
