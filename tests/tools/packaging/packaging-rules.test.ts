import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  builderArgs,
  electronDownloadHost,
  electronZipName,
  looksLikeDownloadFailure,
  overrideProblem,
  packagingNeeds,
} from '../../../tools/packaging/packaging-rules';

describe('the rules of npm run package', () => {
  it('packages a pre-downloaded Electron through electronDist when ELECTRON_OVERRIDE_DIST_PATH is set', () => {
    expect(builderArgs({}, ['--publish', 'never'], '/repo')).toEqual([
      '--config',
      'electron-builder.yml',
      '--publish',
      'never',
    ]);
    expect(builderArgs({ ELECTRON_OVERRIDE_DIST_PATH: 'vendor/electron' }, [], '/repo')).toEqual([
      '--config',
      'electron-builder.yml',
      `-c.electronDist=${resolve('/repo', 'vendor/electron')}`,
    ]);
  });

  it('checks the override holds an Electron executable before building', () => {
    const dist = mkdtempSync(join(tmpdir(), 'electron-dist-'));
    expect(overrideProblem({ ELECTRON_OVERRIDE_DIST_PATH: dist })).toContain('holds no Electron');
    writeFileSync(join(dist, process.platform === 'win32' ? 'electron.exe' : 'electron'), '');
    expect(overrideProblem({ ELECTRON_OVERRIDE_DIST_PATH: dist })).toBeNull();
    expect(overrideProblem({})).toBeNull();
  });

  it('says what it needs when electron-builder could not get Electron', () => {
    expect(looksLikeDownloadFailure('getaddrinfo ENOTFOUND github.com')).toBe(true);
    expect(looksLikeDownloadFailure('⨯ cannot download electron-v45.4.1-linux-x64.zip')).toBe(true);
    expect(looksLikeDownloadFailure('⨯ Invalid configuration object')).toBe(false);
    expect(packagingNeeds('45.4.1')).toMatch(
      /Electron 45\.4\.1 .*github\.com.*ELECTRON_MIRROR.*ELECTRON_OVERRIDE_DIST_PATH/,
    );
  });
});

describe('where npm run package would fetch Electron from', () => {
  const home = mkdtempSync(join(tmpdir(), 'packaging-home-'));
  const none = { XDG_CACHE_HOME: join(home, 'cache') };

  it('is GitHub, or the mirror’s host', () => {
    expect(electronDownloadHost('45.4.1', none, home)).toBe('github.com');
    expect(
      electronDownloadHost('45.4.1', { ...none, ELECTRON_MIRROR: 'https://m.example/e/' }, home),
    ).toBe('m.example');
  });

  it('is nowhere with an override, behind a proxy, or once the zip is cached', () => {
    expect(
      electronDownloadHost('45.4.1', { ...none, ELECTRON_OVERRIDE_DIST_PATH: '/e' }, home),
    ).toBe(null);
    expect(electronDownloadHost('45.4.1', { ...none, HTTPS_PROXY: 'http://p:3128' }, home)).toBe(
      null,
    );
    const cached = join(home, 'cache', 'electron-builder', 'downloads', 'abc123');
    mkdirSync(cached, { recursive: true });
    writeFileSync(join(cached, electronZipName('45.4.1')), '');
    expect(electronDownloadHost('45.4.1', none, home)).toBe(null);
    expect(electronDownloadHost('46.0.0', none, home)).toBe('github.com');
  });
});
