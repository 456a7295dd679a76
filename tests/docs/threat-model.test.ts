/**
 * docs/fleet/threat-model.md names, for every claim, the test that holds it: each row of
 * its tables has a test in its "tested by" column, each thing a stolen login "cannot" do
 * names one, and every test it names exists. A claim added without its test, or a test
 * moved without the doc, fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const DOC = 'docs/fleet/threat-model.md';
const text = readFileSync(join(ROOT, DOC), 'utf8');

/** The tests a piece of the doc names: backticked paths of test files. */
const TEST_PATH = /`([\w./-]+\.(?:test\.tsx?|spec\.ts))`/g;
const testsIn = (piece: string): string[] =>
  [...piece.matchAll(TEST_PATH)].map((match) => match[1] ?? '');

const cells = (row: string): string[] =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/** Each table's rows as [first cell, tested-by cell]. */
function tableRows(): { claim: string; tests: string }[] {
  const rows: { claim: string; tests: string }[] = [];
  let column = -1;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      column = -1;
      continue;
    }
    const row = cells(line);
    if (column === -1) {
      column = row.indexOf('tested by');
      continue;
    }
    if (row.every((cell) => /^-+$/.test(cell))) continue;
    rows.push({ claim: row[0] ?? '', tests: row[column] ?? '' });
  }
  return rows;
}

/** The bullets under each "It cannot:", whole (a bullet runs over its indented lines). */
function cannots(): string[] {
  const found: string[] = [];
  for (const block of text.split(/^It cannot:\n\n/m).slice(1)) {
    const list = block.split(/\n\n/)[0] ?? '';
    found.push(...list.split(/\n(?=- )/).filter((item) => item.startsWith('- ')));
  }
  return found;
}

describe(DOC, () => {
  it('has a test beside every lock in its tables', () => {
    const rows = tableRows();
    expect(rows.length).toBeGreaterThan(15);
    expect(rows.filter((row) => testsIn(row.tests).length === 0).map((row) => row.claim)).toEqual(
      [],
    );
  });

  it('names a test for everything a stolen login cannot do', () => {
    const claims = cannots();
    expect(claims.length).toBeGreaterThan(15);
    expect(claims.filter((claim) => testsIn(claim).length === 0)).toEqual([]);
  });

  it('names only tests that exist', () => {
    const named = [...new Set(testsIn(text))];
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});
