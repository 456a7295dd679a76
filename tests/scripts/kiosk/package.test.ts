import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/temp-project';

describe('npm run package', () => {
  it('stops at once, saying what it needs, when the override is wrong', () => {
    const run = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/kiosk/package.ts'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(tmpdir(), 'no-electron-here') },
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('holds no Electron executable');
    expect(run.stderr).toContain('Packaging needs Electron');
  }, 60_000);

  it('offline, says in one line what it needs before building anything', () => {
    const cache = mkdtempSync(join(tmpdir(), 'package-cache-'));
    const started = Date.now();
    const run = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/kiosk/package.ts'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: {
          ...process.env,
          ELECTRON_OVERRIDE_DIST_PATH: '',
          // A name that never resolves (RFC 6761), and caches that hold no Electron.
          ELECTRON_MIRROR: 'https://electron-mirror.invalid/',
          ELECTRON_BUILDER_CACHE: cache,
          ELECTRON_CACHE: cache,
          HTTPS_PROXY: '',
          https_proxy: '',
          HTTP_PROXY: '',
          http_proxy: '',
        },
        timeout: 60_000,
      },
    );
    rmSync(cache, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^package: cannot reach electron-mirror\.invalid to get Electron\. Packaging needs Electron .*ELECTRON_MIRROR.*ELECTRON_OVERRIDE_DIST_PATH/,
      ),
    ]);
    expect(run.stdout).toBe('');
    // No build ran: the electron-vite build alone takes far longer.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);
});
