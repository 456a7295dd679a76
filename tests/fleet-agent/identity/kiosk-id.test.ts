import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { KIOSK_ID_FILE, newKioskId, resolveKioskId } from '../../../fleet-agent/identity/kiosk-id';
import { fakeLogger } from '../../electron/support/fake-electron';

const DIR = '/var/lib/kiosk';
const PATH = join(DIR, KIOSK_ID_FILE);

function memoryFiles(initial: Record<string, string> = {}, { writable = true } = {}) {
  const files = { ...initial };
  return {
    files,
    read: (path: string) => {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return text;
    },
    write: (path: string, text: string) => {
      if (!writable) throw new Error('EROFS: read-only file system');
      files[path] = text;
    },
  };
}

describe('the kiosk id', () => {
  it('is the configured one when there is one, and nothing is written', () => {
    const disk = memoryFiles();
    expect(resolveKioskId('counter-3', DIR, fakeLogger(), disk)).toBe('counter-3');
    expect(disk.files).toEqual({});
  });

  it('is made on first start, kept, and the same on the next', () => {
    const disk = memoryFiles();
    const log = fakeLogger();
    const made = resolveKioskId('', DIR, log, disk);
    expect(made).toMatch(/^kiosk-[0-9a-f]{12}$/);
    expect(disk.files[PATH]).toBe(`${made}\n`);
    expect(resolveKioskId('', DIR, log, disk)).toBe(made);
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it('replaces a file that holds no valid id', () => {
    const disk = memoryFiles({ [PATH]: 'all\n' });
    const log = fakeLogger();
    const bytes = () => Buffer.from([0xab, 0xcd, 0xef, 0x01, 0x23, 0x45]);
    expect(resolveKioskId('', DIR, log, disk, bytes)).toBe('kiosk-abcdef012345');
    expect(newKioskId(bytes)).toBe('kiosk-abcdef012345');
    expect(disk.files[PATH]).toBe('kiosk-abcdef012345\n');
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('holds no valid kiosk id'));
  });

  it('still gives an id for this run when userData cannot be written', () => {
    const log = fakeLogger();
    const made = resolveKioskId('', DIR, log, memoryFiles({}, { writable: false }));
    expect(made).toMatch(/^kiosk-[0-9a-f]{12}$/);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('holds until the next start'));
  });
});
