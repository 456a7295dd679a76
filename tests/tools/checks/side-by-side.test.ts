import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSideBySide, type Job } from '../../../tools/checks/side-by-side';

const node = (name: string, script: string): Job => ({
  name,
  command: process.execPath,
  args: ['-e', script],
});

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('checks side by side', () => {
  it('runs the jobs at the same time: each waits for a file only the other writes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'side-by-side-'));
    const waitFor = (mine: string, theirs: string) =>
      `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(join(dir ?? '', mine))}, '');
       const until = Date.now() + 20000;
       const wait = () => fs.existsSync(${JSON.stringify(join(dir ?? '', theirs))}) ? console.log('${mine} saw ${theirs}') : Date.now() > until ? process.exit(3) : setTimeout(wait, 20);
       wait();`;
    let said = '';
    const code = await runSideBySide([node('a', waitFor('a', 'b')), node('b', waitFor('b', 'a'))], {
      cwd: dir,
      say: (text) => (said += text),
    });
    expect(code).toBe(0);
    expect(said).toContain('> a: passed');
    expect(said).toContain('a saw b');
    expect(said).toContain('b saw a');
  });

  it('fails when any job fails, and prints each job whole with its output', async () => {
    let said = '';
    const code = await runSideBySide(
      [
        node('fine', "console.log('all good')"),
        node('broken', "console.error('two errors'); process.exit(2)"),
        { name: 'missing', command: '/nonexistent/tool', args: [] },
      ],
      { cwd: tmpdir(), say: (text) => (said += text) },
    );
    expect(code).toBe(1);
    expect(said).toMatch(/> fine: passed in [\d.]+ s\nall good/);
    expect(said).toMatch(/> broken: FAILED \(exit 2\) in [\d.]+ s\ntwo errors/);
    expect(said).toContain('> missing: FAILED (exit 127)');
    expect(said).toContain('checks failed: broken, missing');
  });
});
