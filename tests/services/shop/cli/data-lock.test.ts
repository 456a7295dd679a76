import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataFolder } from '../../../../services/shop/cli/data-lock';

describe('the data folder’s lock', () => {
  it('is one process’s at a time, and is taken over from a process that died', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-lock-'));
    const release = lockDataFolder(dir);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    // Process 1 (init) is always alive, and never this one.
    writeFileSync(join(dir, LOCK_FILE), '1');
    expect(() => lockDataFolder(dir)).toThrow(
      /is in use by process \d+; stop that shop service first/,
    );

    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(join(dir, LOCK_FILE), dead.stdout);
    lockDataFolder(dir)();
  });
});
