import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, isBelowMinimum } from '../../../shared/kiosk-config/version-order';

describe('version order', () => {
  it.each([
    ['1.0.0', '1.0.1', -1],
    ['1.10.0', '1.9.9', 1],
    ['2.0.0', '2.0.0+build.5', 0],
    ['1.0.0-beta.2', '1.0.0', -1],
    ['1.0.0-beta.2', '1.0.0-beta.10', -1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0-alpha.beta', '1.0.0-beta', -1],
    ['1.0.0-rc.1', '1.0.0-1', 1],
    ['1.0.0-99999999999999999999', '1.0.0-100000000000000000000', -1],
  ])('%s against %s is %i', (a, b, order) => {
    expect(compareVersions(a, b)).toBe(order);
    expect(compareVersions(b, a)).toBe(-order || 0);
  });

  it('holds a minimum: under it, or unreadable, is below; no minimum holds nothing back', () => {
    expect(isBelowMinimum('1.9.9', '2.0.0')).toBe(true);
    expect(isBelowMinimum('2.0.0-beta.1', '2.0.0')).toBe(true);
    expect(isBelowMinimum('2.0.0', '2.0.0')).toBe(false);
    expect(isBelowMinimum('2.0.1', '2.0.0')).toBe(false);
    expect(isBelowMinimum('v2.1.0', '2.0.0')).toBe(true);
    expect(isBelowMinimum('not a version', '2.0.0')).toBe(true);
    expect(isBelowMinimum('0.0.1', '')).toBe(false);
  });

  it('is a total order on versions: antisymmetric and transitive', () => {
    const part = fc.nat({ max: 20 });
    const version = fc
      .tuple(part, part, part, fc.option(fc.constantFrom('alpha', 'beta.1', 'beta.2', '1', 'rc')))
      .map(([a, b, c, pre]) => `${a}.${b}.${c}${pre === null ? '' : `-${pre}`}`);
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        expect(compareVersions(a, b)).toBe(-(compareVersions(b, a) ?? 0) || 0);
        if ((compareVersions(a, b) ?? 0) <= 0 && (compareVersions(b, c) ?? 0) <= 0) {
          expect(compareVersions(a, c)).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
