import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  electronSupport,
  pinnedMajor,
  projectElectronMajor,
  SUPPORTED_MAJOR_COUNT,
  supportVerdict,
} from '../../../tools/supply-chain/electron-support';

describe('electronSupport', () => {
  it('supports the latest three stable majors; prereleases do not count', () => {
    expect(SUPPORTED_MAJOR_COUNT).toBe(3);
    expect(
      electronSupport(['42.0.0', '45.4.1', '44.2.0', '46.0.0-beta.3', '47.0.0-alpha.1', 'x']),
    ).toEqual({ latestStable: 45, oldestSupported: 43 });
  });

  it('refuses a list without any stable version', () => {
    expect(() => electronSupport(['46.0.0-beta.1'])).toThrow('no stable Electron version');
    expect(() => electronSupport([])).toThrow('no stable Electron version');
  });
});

describe('pinnedMajor', () => {
  it('reads an exact pin and refuses a range', () => {
    expect(pinnedMajor('45.4.1')).toBe(45);
    for (const range of ['^45.4.1', '~45.4.1', '>=45', 'latest']) {
      expect(() => pinnedMajor(range), range).toThrow('not as an exact version');
    }
  });
});

describe('supportVerdict', () => {
  const window = { latestStable: 47, oldestSupported: 45 };

  it('passes the oldest supported major and anything newer', () => {
    expect(supportVerdict(45, window)).toEqual({
      ok: true,
      message: 'Electron 45 is supported: Electron supports 45–47 (latest stable 47).',
    });
    expect(supportVerdict(48, window).ok).toBe(true);
  });

  it('fails one major older, saying what to update to', () => {
    expect(supportVerdict(44, window)).toEqual({
      ok: false,
      message:
        'Electron 44 (package.json) is older than the 3 majors Electron supports 45–47 ' +
        '(latest stable 47); it gets no security fixes. Update electron to 47.',
    });
  });
});

describe('projectElectronMajor', () => {
  function project(manifest: object, installed?: string): string {
    const root = mkdtempSync(join(tmpdir(), 'electron-support-'));
    writeFileSync(join(root, 'package.json'), JSON.stringify(manifest));
    if (installed !== undefined) {
      mkdirSync(join(root, 'node_modules', 'electron'), { recursive: true });
      writeFileSync(
        join(root, 'node_modules', 'electron', 'package.json'),
        JSON.stringify({ version: installed }),
      );
    }
    return root;
  }

  it('is the pinned major when that major is installed', () => {
    expect(
      projectElectronMajor(project({ devDependencies: { electron: '45.4.1' } }, '45.4.1')),
    ).toBe(45);
    expect(projectElectronMajor(project({ dependencies: { electron: '44.0.0' } }, '44.1.0'))).toBe(
      44,
    );
  });

  it('cannot tell without a pin, an installed Electron, or when they differ', () => {
    expect(() => projectElectronMajor(project({}, '45.4.1'))).toThrow('does not name electron');
    expect(() =>
      projectElectronMajor(project({ devDependencies: { electron: '45.4.1' } })),
    ).toThrow('not installed');
    expect(() =>
      projectElectronMajor(project({ devDependencies: { electron: '45.4.1' } }, '41.0.0')),
    ).toThrow('package.json pins electron 45.4.1 but 41.0.0 is installed');
  });
});
