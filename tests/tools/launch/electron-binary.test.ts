import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  downloadSource,
  ensureElectronBinary,
  findElectronBinary,
  summariseInstallerError,
  type EnsureResult,
  type InstallResult,
} from '../../../tools/launch/electron-binary';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-electron-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const reasonOf = (result: EnsureResult): string =>
  result.binary === null ? result.reason : `found ${result.binary}`;

const freshInstall = { 'node_modules/electron/package.json': '{"version":"45.4.1"}' };

describe('finding the Electron binary without requiring electron', () => {
  it('reports nothing when the binary was never downloaded', () => {
    expect(findElectronBinary(project(freshInstall), {})).toBeNull();
    expect(
      findElectronBinary(project({ 'node_modules/electron/path.txt': 'electron' }), {}),
    ).toBeNull();
  });

  it('finds the binary named in path.txt under dist', () => {
    const dir = project({
      'node_modules/electron/path.txt': 'electron',
      'node_modules/electron/dist/electron': '',
    });
    expect(findElectronBinary(dir, {})).toBe(join(dir, 'node_modules/electron/dist/electron'));
  });

  it('uses ELECTRON_OVERRIDE_DIST_PATH before dist, with or without path.txt', () => {
    const dist = project({ electron: '', 'electron.exe': '' });
    const withPathTxt = project({
      'node_modules/electron/path.txt': 'electron',
      'node_modules/electron/dist/electron': '',
    });
    const env = { ELECTRON_OVERRIDE_DIST_PATH: dist };
    expect(findElectronBinary(withPathTxt, env)).toBe(join(dist, 'electron'));
    expect(findElectronBinary(project(freshInstall), env, 'linux')).toBe(join(dist, 'electron'));
    expect(findElectronBinary(project(freshInstall), env, 'win32')).toBe(
      join(dist, 'electron.exe'),
    );
    expect(
      findElectronBinary(project(freshInstall), { ELECTRON_OVERRIDE_DIST_PATH: tmpdir() }),
    ).toBeNull();
  });
});

describe('making sure Electron is there', () => {
  const installer = (result: InstallResult, files: Record<string, string> = {}) =>
    vi.fn((dir: string) => {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      return Promise.resolve(result);
    });

  it('runs the installer with a visible line, then finds what it unpacked', async () => {
    const dir = project(freshInstall);
    const say = vi.fn();
    const install = installer(
      { ok: true },
      { 'node_modules/electron/path.txt': 'electron', 'node_modules/electron/dist/electron': '' },
    );
    const env = {
      ELECTRON_MIRROR: 'https://mirror.example/electron/',
      ELECTRON_CUSTOM_DIR: 'v45.4.1',
    };
    const result = await ensureElectronBinary({ projectDir: dir, env, say, install });
    expect(say).toHaveBeenCalledWith(
      'Downloading Electron 45.4.1 from https://mirror.example/electron/v45.4.1 …',
    );
    expect(install).toHaveBeenCalledWith(dir, env);
    expect(result).toEqual({ binary: join(dir, 'node_modules/electron/dist/electron') });
  });

  it('says why in one sentence when the download fails', async () => {
    const install = installer({ ok: false, error: 'TypeError: fetch failed' });
    const result = await ensureElectronBinary({
      projectDir: project(freshInstall),
      env: {},
      say: vi.fn(),
      install,
    });
    expect(result).toEqual({
      binary: null,
      reason:
        'Could not download Electron 45.4.1 from github.com/electron/electron/releases (TypeError: fetch failed)',
    });
  });

  it('does not download an installed binary, with ELECTRON_SKIP_BINARY_DOWNLOAD, or over an override', async () => {
    const install = installer({ ok: true });
    const installed = project({
      ...freshInstall,
      'node_modules/electron/path.txt': 'electron',
      'node_modules/electron/dist/electron': '',
    });
    const say = vi.fn();
    expect(await ensureElectronBinary({ projectDir: installed, env: {}, say, install })).toEqual({
      binary: join(installed, 'node_modules/electron/dist/electron'),
    });
    const skip = await ensureElectronBinary({
      projectDir: project(freshInstall),
      env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      say,
      install,
    });
    expect(skip.binary).toBeNull();
    expect(reasonOf(skip)).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
    const override = await ensureElectronBinary({
      projectDir: project(freshInstall),
      env: { ELECTRON_OVERRIDE_DIST_PATH: '/nowhere/electron-dist' },
      say,
      install,
    });
    expect(reasonOf(override)).toContain('/nowhere/electron-dist');
    expect(install).not.toHaveBeenCalled();
    expect(say).not.toHaveBeenCalled();
  });

  it('tells a missing npm ci apart from a missing binary', async () => {
    const result = await ensureElectronBinary({ projectDir: project({}), env: {}, say: vi.fn() });
    expect(reasonOf(result)).toContain('npm ci');
  });
});

describe('the installer’s words', () => {
  it('names the mirror it downloads from', () => {
    expect(downloadSource({})).toBe('github.com/electron/electron/releases');
    expect(downloadSource({ ELECTRON_MIRROR: 'http://127.0.0.1:9/' })).toBe('http://127.0.0.1:9');
    expect(downloadSource({ ELECTRON_MIRROR: 'http://m/', ELECTRON_CUSTOM_DIR: 'v1' })).toBe(
      'http://m/v1',
    );
  });

  it('keeps one line of a stack trace', () => {
    const stack = [
      'TypeError: fetch failed',
      '    at node:internal/deps/undici/undici:14976:13',
      '    at async FetchDownloader.download (file:///x/FetchDownloader.js:46:30)',
    ].join('\n');
    expect(summariseInstallerError(stack)).toBe('TypeError: fetch failed');
    expect(
      summariseInstallerError(
        'HTTPError: Response code 404 (Not Found) for http://m/x.zip\n  at y',
      ),
    ).toBe('HTTPError: Response code 404 (Not Found) for http://m/x.zip');
    expect(summariseInstallerError('')).toBe('the installer exited with an error');
  });
});
