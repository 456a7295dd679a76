import { chmodSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { userDataProblem } from '../../../../electron/main/self-care/user-data';

describe('the userData check', () => {
  it('passes a writable folder, creating it, and leaves nothing behind', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kiosk-user-data-')), 'Kiosk Shop');
    expect(userDataProblem(dir)).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the problem when userData sits under a file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kiosk-user-data-')), 'not-a-folder');
    writeFileSync(file, '');
    expect(userDataProblem(join(file, 'Kiosk Shop'))).toBe('ENOTDIR');
  });

  it('names the problem of a full disk', () => {
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    expect(
      userDataProblem('/data/Kiosk Shop', {
        mkdirSync: () => undefined,
        writeFileSync: () => {
          throw full;
        },
        rmSync: () => undefined,
      }),
    ).toBe('ENOSPC');
  });

  it.skipIf(process.getuid?.() === 0 || process.platform === 'win32')(
    // root writes through permissions, and Windows ignores the mode: both skip, said here.
    'names the problem of a read-only folder',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'kiosk-user-data-'));
      chmodSync(dir, 0o555);
      try {
        expect(userDataProblem(dir)).toBe('EACCES');
      } finally {
        chmodSync(dir, 0o755);
      }
    },
  );
});
