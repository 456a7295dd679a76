/** `npm run staff-pin:hash`, run for real with the PIN piped in, as a setup guide shows it. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyStaffPin } from '../../../electron/main/staff-exit/staff-pin-hash';

const ROOT = process.cwd();
const TSX = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');

function hashScript(input: string) {
  return spawnSync(TSX, ['scripts/kiosk/staff-pin-hash.ts'], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    shell: process.platform === 'win32',
    timeout: 60_000,
  });
}

describe('npm run staff-pin:hash', () => {
  it('is the npm script docs/kiosk/configuration.md names', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts['staff-pin:hash']).toBe('tsx scripts/kiosk/staff-pin-hash.ts');
    const doc = readFileSync(join(ROOT, 'docs', 'kiosk', 'configuration.md'), 'utf8');
    expect(doc).toContain("printf '482913\\n' | npm run -s staff-pin:hash");
  });

  it('prints a hash of the piped PIN that the kiosk accepts, and never the PIN', async () => {
    const run = hashScript('482913\n');
    expect(run.status).toBe(0);
    const hash = run.stdout.trim();
    expect(hash).toMatch(/^scrypt:/);
    expect(run.stdout + run.stderr).not.toMatch(/482913/);
    await expect(verifyStaffPin('482913', hash)).resolves.toBe(true);
  }, 60_000);

  it.each(['12a4', '2468', '24681', '1234567890123', '２４６８１３'])(
    'refuses %j, which is not 6 to 12 digits, and prints nothing to stdout',
    (pin) => {
      const run = hashScript(`${pin}\n`);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('6 to 12 digits');
    },
    60_000,
  );
});
