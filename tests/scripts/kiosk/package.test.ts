import { spawnSync } from 'node:child_process';
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
});
