import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  parseVersion,
  rangeIncludes,
} from '../../../tools/supply-chain/version-range';

describe('parseVersion', () => {
  it('reads exact versions, with prerelease and build, and nothing looser', () => {
    expect(parseVersion('45.4.1')).toEqual([45, 4, 1, []]);
    expect(parseVersion('v1.2.3-beta.2+build.7')).toEqual([1, 2, 3, ['beta', '2']]);
    for (const loose of ['^45.4.1', '45.4', '45.x', 'latest', '']) {
      expect(parseVersion(loose), loose).toBeNull();
    }
  });
});

describe('compareVersions', () => {
  const order = (a: string, b: string) =>
    Math.sign(compareVersions(parseVersion(a)!, parseVersion(b)!));

  it('orders numbers numerically and a prerelease before its release', () => {
    expect(order('1.10.0', '1.9.9')).toBe(1);
    expect(order('2.0.0-beta.1', '2.0.0')).toBe(-1);
    expect(order('2.0.0-beta.2', '2.0.0-beta.10')).toBe(-1);
    expect(order('2.0.0-alpha', '2.0.0-beta')).toBe(-1);
    expect(order('2.0.0-1', '2.0.0-alpha')).toBe(-1);
    expect(order('2.0.0-beta', '2.0.0-beta.1')).toBe(-1);
    expect(order('3.1.4', '3.1.4')).toBe(0);
  });
});

describe('rangeIncludes', () => {
  it('reads the ranges the advisory database writes', () => {
    expect(rangeIncludes('<18.3.2', '18.3.1')).toBe(true);
    expect(rangeIncludes('<18.3.1', '18.3.1')).toBe(false);
    expect(rangeIncludes('<=18.3.1', '18.3.1')).toBe(true);
    expect(rangeIncludes('>=7.0.0 <7.5.2', '7.18.5')).toBe(false);
    expect(rangeIncludes('>= 7.0.0 < 7.20.0', '7.18.5')).toBe(true);
    expect(rangeIncludes('>4.0.0', '4.0.0')).toBe(false);
    expect(rangeIncludes('=1.0.0', '1.0.0')).toBe(true);
    expect(rangeIncludes('1.0.0', '1.0.1')).toBe(false);
    expect(rangeIncludes('<1.0.0 || >=2.0.0 <2.1.0', '2.0.5')).toBe(true);
    expect(rangeIncludes('<1.0.0 || >=2.0.0 <2.1.0', '1.5.0')).toBe(false);
    expect(rangeIncludes('*', '9.9.9')).toBe(true);
  });

  it('answers null, never false, for what it cannot read', () => {
    expect(rangeIncludes('^18.0.0', '18.3.1')).toBeNull();
    expect(rangeIncludes('<2.x', '1.0.0')).toBeNull();
    expect(rangeIncludes('>=', '1.0.0')).toBeNull();
    expect(rangeIncludes('<2.0.0', 'not-a-version')).toBeNull();
    // One alternative that matches is enough, whatever the others say.
    expect(rangeIncludes('~1.2.0 || <3.0.0', '2.0.0')).toBe(true);
    expect(rangeIncludes('~1.2.0 || <1.0.0', '2.0.0')).toBeNull();
  });
});
