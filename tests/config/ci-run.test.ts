/**
 * .ci/run, the CI entry point on machines that reach only the npm registry: it audits the
 * shipped packages after npm test, failing on anything but a pass, and names (never hides)
 * the one case it cannot audit there: a registry without an advisory endpoint (exit 2).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const text = readFileSync(join(process.cwd(), '.ci', 'run'), 'utf8');
const lines = text.split('\n');

/** The audit block: from its status variable to the `fi` that closes its check. */
function auditBlock(): string {
  const start = lines.indexOf('audit_status=0');
  const end = lines.indexOf('fi', start);
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return lines.slice(start, end + 1).join('\n');
}

/** Runs the block with a stand-in `npm` that exits with `status`. */
function runBlock(status: number) {
  const bin = mkdtempSync(join(tmpdir(), 'ci-run-'));
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "npm $*"\nexit ${status}\n`);
  chmodSync(join(bin, 'npm'), 0o755);
  return spawnSync('bash', ['-c', `set -euo pipefail\n${auditBlock()}\necho "ci: went on"`], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
  });
}

// .ci/run is a bash script for the Linux CI machines; Windows runs the hosted workflow only.
describe.skipIf(process.platform === 'win32')('.ci/run', () => {
  it('stops on the first failure, and audits the shipped packages after npm test', () => {
    expect(text).toContain('set -euo pipefail');
    const test = lines.indexOf('npm test');
    const audit = lines.indexOf('npm run audit:shipped || audit_status=$?');
    expect(test).toBeGreaterThan(-1);
    expect(audit).toBeGreaterThan(test);
  });

  it('goes on after a clean audit', () => {
    const run = runBlock(0);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('npm run audit:shipped\nci: went on\n');
  });

  it('fails with the audit when it finds an advisory or cannot ask', () => {
    const run = runBlock(1);
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('went on');
  });

  it('says so when the registry has no advisory endpoint, and only then goes on', () => {
    const run = runBlock(2);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'ci: SKIPPED the advisory audit of the shipped packages: no advisory endpoint on this registry',
    );
    expect(runBlock(3).status).toBe(3);
  });
});
