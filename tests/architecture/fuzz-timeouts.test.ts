/**
 * Every fuzz has room to finish: a test that runs fuzzParameters (which stops the fuzz at
 * FUZZ_TIME_LIMIT_MS) gives itself a timeout of at least FUZZ_TEST_TIMEOUT_MS, not vitest's
 * default of 5 s, which is the time limit itself. Without it a loaded machine reaches the limit and the test then
 * fails as timed out, though every run passed. Read from the test files' syntax, so a new
 * fuzz anywhere (tests/, the console, the renderer, the bench) is held to it at once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FUZZ_TEST_TIMEOUT_MS, FUZZ_TIME_LIMIT_MS } from '../support/fixtures/hostile-payloads';

const ROOT = join(__dirname, '../..');
const ROOTS = ['tests', 'fleet-console', 'src', 'web-shared', 'bench', 'scripts', 'shared'];
const TEST_FILE = /\.test\.tsx?$/;

function testFiles(): string[] {
  return ROOTS.flatMap((dir) => {
    const absolute = join(ROOT, dir);
    if (!existsSync(absolute)) return [];
    return readdirSync(absolute, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && TEST_FILE.test(entry.name))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
  });
}

/** `it(…)` or `test(…)`, with a modifier or not (`it.skipIf(…)` is not a test call itself). */
function isTestCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.expression : callee;
  return ts.isIdentifier(name) && (name.text === 'it' || name.text === 'test');
}

/** The test call a node sits in, or null outside any test. */
function enclosingTest(node: ts.Node): ts.CallExpression | null {
  for (let at: ts.Node = node; !ts.isSourceFile(at); at = at.parent) {
    if (isTestCall(at)) return at;
  }
  return null;
}

function hasRoom(timeout: ts.Expression | undefined): boolean {
  if (timeout === undefined) return false;
  if (ts.isIdentifier(timeout)) return timeout.text === 'FUZZ_TEST_TIMEOUT_MS';
  const value = ts.isNumericLiteral(timeout) ? Number(timeout.text.replaceAll('_', '')) : 0;
  return value >= FUZZ_TEST_TIMEOUT_MS;
}

/** Each fuzzParameters call of a file whose test has no room beyond the time limit. */
function crampedFuzzes(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!text.includes('fuzzParameters(')) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'fuzzParameters'
    ) {
      const test = enclosingTest(node);
      if (!test || !hasRoom(test.arguments[2])) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${file}:${line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the fuzz tests’ timeouts', () => {
  it('leave room beyond the fuzz’s own time limit', () => {
    expect(FUZZ_TEST_TIMEOUT_MS).toBeGreaterThanOrEqual(FUZZ_TIME_LIMIT_MS * 4);
  });

  it('are given to every test that runs a fuzz', () => {
    const files = testFiles();
    const fuzzing = files.filter((file) =>
      readFileSync(join(ROOT, file), 'utf8').includes('fuzzParameters('),
    );
    // The kiosk's, the console's and the shared readers' fuzzes are all found.
    expect(fuzzing).toEqual(
      expect.arrayContaining([
        'tests/fleet-agent/connection/inbound-guard.test.ts',
        'fleet-console/app/session-features.test.ts',
        'tests/shared/fleet/diagnostics-transfer.test.ts',
      ]),
    );
    expect(files.flatMap(crampedFuzzes)).toEqual([]);
  });
});
