import { describe, expect, it } from 'vitest';
import {
  electronSupport,
  pinnedMajor,
  SUPPORTED_MAJOR_COUNT,
  supportVerdict,
} from '../../../scripts/lib/electron-support';

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
