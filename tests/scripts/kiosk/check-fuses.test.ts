/** npm run check:fuses, run as the hosted workflow runs it, against stand-in binaries. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { asConfigured, fakeBinary } from '../../support/fake-fuse-binary';
import { REPO_ROOT } from '../support/temp-project';

const TSX = join(
  REPO_ROOT,
  'node_modules',
  '.bin',
  process.platform === 'win32' ? 'tsx.cmd' : 'tsx',
);

function checkCli(app: string) {
  return spawnSync(TSX, ['scripts/kiosk/check-fuses.ts', '--app', app], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    shell: process.platform === 'win32',
    timeout: 60_000,
  });
}

describe('npm run check:fuses', () => {
  it('runs as npm run check:fuses -- --app PATH, exiting 1 on a wrong fuse', () => {
    const good = checkCli(fakeBinary(asConfigured()));
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain('RunAsNode: off (expected off)');
    const bad = checkCli(
      fakeBinary({ ...asConfigured(), [FuseV1Options.EnableNodeCliInspectArguments]: true }),
    );
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('✗ EnableNodeCliInspectArguments: on (expected off)');
  }, 60_000);
});
