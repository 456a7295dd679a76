/**
 * Does an advisory's `vulnerable_versions` range include a version? Only the forms the npm
 * advisory database writes are read: comparators (`<`, `<=`, `>`, `>=`, `=`, or a bare
 * version) joined by spaces, alternatives joined by `||`, and `*`. Anything else answers
 * null, "not understood", which the audit counts as affected: a range misread as not
 * matching would pass a vulnerable package.
 */

type Version = readonly [number, number, number, readonly string[]];

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;
const COMPARATOR = /^(<=|>=|<|>|=)?\s*(\S+)$/;

export function parseVersion(text: string): Version | null {
  const match = VERSION.exec(text.trim());
  if (!match) return null;
  const [, major, minor, patch, pre] = match;
  return [Number(major), Number(minor), Number(patch), pre ? pre.split('.') : []];
}

function compareIdentifiers(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b);
  if (numeric.test(a)) return -1;
  if (numeric.test(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Semver precedence: numbers first, then a prerelease sorts before its release. */
export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i += 1) {
    const difference = (a[i] as number) - (b[i] as number);
    if (difference !== 0) return difference;
  }
  const [preA, preB] = [a[3], b[3]];
  if (preA.length === 0 || preB.length === 0) return preB.length - preA.length;
  for (let i = 0; i < Math.max(preA.length, preB.length); i += 1) {
    if (preA[i] === undefined) return -1;
    if (preB[i] === undefined) return 1;
    const difference = compareIdentifiers(preA[i] as string, preB[i] as string);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** `>= 1.2.3 <2.0.0` → comparators, keeping an operator apart from its version by spaces. */
function comparators(alternative: string): string[] | null {
  const tokens = alternative.trim().split(/\s+/);
  const joined: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as string;
    if (/^(<=|>=|<|>|=)$/.test(token)) {
      const next = tokens[i + 1];
      if (next === undefined) return null;
      joined.push(token + next);
      i += 1;
    } else joined.push(token);
  }
  return joined;
}

function satisfiesComparator(version: Version, comparator: string): boolean | null {
  const match = COMPARATOR.exec(comparator);
  if (!match) return null;
  const [, operator = '=', bound] = match;
  const limit = parseVersion(bound ?? '');
  if (!limit) return null;
  const order = compareVersions(version, limit);
  switch (operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    default:
      return order === 0;
  }
}

/** true or false when the range is understood, null when it is not (count it as affected). */
export function rangeIncludes(range: string, versionText: string): boolean | null {
  const version = parseVersion(versionText);
  if (!version) return null;
  let understood = true;
  for (const alternative of range.split('||')) {
    const trimmed = alternative.trim();
    if (trimmed === '*' || trimmed === '') return true;
    const parts = comparators(trimmed);
    if (!parts) {
      understood = false;
      continue;
    }
    const results = parts.map((part) => satisfiesComparator(version, part));
    if (results.includes(null)) understood = false;
    else if (results.every(Boolean)) return true;
  }
  return understood ? false : null;
}
