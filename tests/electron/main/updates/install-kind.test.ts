import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  detectInstall,
  PACKAGE_TYPE_FILE,
  whyNoUpdates,
} from '../../../../electron/main/updates/install-kind';

/** A resources folder as electron-builder leaves it; `packageType` is the marker it writes. */
function resources(packageType?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-resources-'));
  if (packageType !== undefined) writeFileSync(join(dir, PACKAGE_TYPE_FILE), packageType);
  return dir;
}

const probe = (resourcesPath: string, env: Record<string, string> = {}) => ({
  platform: 'linux' as const,
  resourcesPath,
  env,
  readFile: (path: string) => readFileSync(path, 'utf8'),
});

describe('how the kiosk was installed', () => {
  it.each(['deb', 'rpm', 'pacman'] as const)(
    'a .%s package updates through the package manager, never by itself',
    (kind) => {
      const kindFound = detectInstall(probe(resources(`${kind}\n`), { APPIMAGE: '/x.AppImage' }));
      expect(kindFound).toBe(kind);
      expect(whyNoUpdates(kindFound)).toMatch(/package manager/);
    },
  );

  it('an AppImage updates itself', () => {
    const kind = detectInstall(probe(resources(), { APPIMAGE: '/opt/Kiosk-Shop.AppImage' }));
    expect(kind).toBe('appimage');
    expect(whyNoUpdates(kind)).toBeNull();
  });

  it('anything else on Linux does not: no marker and no AppImage, or a marker it cannot read', () => {
    expect(detectInstall(probe(resources()))).toBe('unknown');
    expect(detectInstall(probe(resources('snap')))).toBe('unknown');
    const unreadable = resources();
    mkdirSync(join(unreadable, PACKAGE_TYPE_FILE));
    expect(detectInstall(probe(unreadable, { APPIMAGE: '/x.AppImage' }))).toBe('unknown');
    expect(whyNoUpdates('unknown')).not.toBeNull();
  });

  it('the Windows installer updates itself', () => {
    expect(detectInstall({ ...probe(resources('deb')), platform: 'win32' })).toBe('windows');
    expect(whyNoUpdates('windows')).toBeNull();
  });
});
