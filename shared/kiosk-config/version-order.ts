/**
 * SemVer 2.0 precedence, for the kiosk's minimum app version (update.minVersion): the
 * numbers first, then a prerelease sorts before its release, build metadata is ignored.
 * A version that cannot be read counts as below any minimum, so a floor never falls open.
 */
import { SEMVER_PATTERN } from './config-keys';

interface Version {
  core: [number, number, number];
  prerelease: string[];
}

function parse(text: string): Version | null {
  const match = SEMVER_PATTERN.exec(text.trim());
  if (!match) return null;
  const core = [Number(match[1]), Number(match[2]), Number(match[3])] as [number, number, number];
  if (!core.every(Number.isSafeInteger)) return null;
  return { core, prerelease: match[4] ? match[4].split('.') : [] };
}

function compareIdentifiers(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) {
    // Compared as digit strings: an identifier may be longer than a safe integer.
    return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  }
  if (numeric.test(a)) return -1;
  if (numeric.test(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative, zero or positive as `a` is older, the same or newer; null if either is unreadable. */
export function compareVersions(a: string, b: string): number | null {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return null;
  for (let index = 0; index < 3; index += 1) {
    const difference = (left.core[index] ?? 0) - (right.core[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  const [preA, preB] = [left.prerelease, right.prerelease];
  if (preA.length === 0 || preB.length === 0) return Math.sign(preB.length - preA.length);
  for (let index = 0; index < Math.max(preA.length, preB.length); index += 1) {
    const x = preA[index];
    const y = preB[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const difference = compareIdentifiers(x, y);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** Whether `version` is older than `minimum` ('' = no minimum); an unreadable one is. */
export function isBelowMinimum(version: string, minimum: string): boolean {
  if (minimum.trim() === '') return false;
  const order = compareVersions(version, minimum);
  return order === null || order < 0;
}
