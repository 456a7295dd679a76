import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findElectronBinary } from '../../electron/scripts/electron-binary';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-electron-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('finding the Electron binary without requiring electron', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reports nothing when the binary was never downloaded', () => {
    vi.stubEnv('ELECTRON_OVERRIDE_DIST_PATH', undefined);
    expect(findElectronBinary(project({ 'node_modules/electron/package.json': '{}' }))).toBeNull();
    expect(
      findElectronBinary(project({ 'node_modules/electron/path.txt': 'electron' })),
    ).toBeNull();
  });

  it('finds the binary named in path.txt under dist', () => {
    vi.stubEnv('ELECTRON_OVERRIDE_DIST_PATH', undefined);
    const dir = project({
      'node_modules/electron/path.txt': 'electron',
      'node_modules/electron/dist/electron': '',
    });
    expect(findElectronBinary(dir)).toBe(join(dir, 'node_modules/electron/dist/electron'));
  });
});
