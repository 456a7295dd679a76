/**
 * docs/getting-started.md lists every npm command: each script of package.json has its row
 * in the command table, and the table names no script package.json lacks, so a renamed,
 * added or dropped script fails here until the page says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const DOC = 'docs/getting-started.md';

const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** The scripts the first column of the page's command table names. */
function documentedScripts(): string[] {
  const doc = readFileSync(join(ROOT, DOC), 'utf8');
  const start = doc.indexOf('\n## The npm commands\n');
  if (start < 0) throw new Error(`${DOC}: no "## The npm commands" section`);
  const end = doc.indexOf('\n## ', start + 1);
  const firstCells = doc
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) => line.split('|')[1] ?? '');
  return firstCells.flatMap((cell) =>
    [...cell.matchAll(/`npm (?:run (?:-s )?)?([\w:-]+)/g)].map((match) => match[1] ?? ''),
  );
}

describe(`the command table of ${DOC}`, () => {
  it('names every npm script', () => {
    const documented = new Set(documentedScripts());
    expect(Object.keys(scripts).filter((name) => !documented.has(name))).toEqual([]);
  });

  it('names no script package.json lacks', () => {
    expect(documentedScripts().filter((name) => !(name in scripts))).toEqual([]);
  });
});
