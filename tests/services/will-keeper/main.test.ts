/**
 * `npm run fleet:will-keeper`: refuses a list that is not a cluster's, and runs to its
 * --seconds end and stops cleanly even when no node answers (a keeper started before its
 * cluster, or cut off from it, says nothing and waits).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../tools/repo-root';

const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

function run(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(TSX, ['services/will-keeper/main.ts', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    }),
  );
}

describe('npm run fleet:will-keeper', () => {
  it('refuses one broker, a WebSockets URL, or a list with a path', async () => {
    for (const broker of [
      'mqtt://127.0.0.1:1883',
      'ws://127.0.0.1:1,ws://127.0.0.1:2',
      'mqtt://127.0.0.1:1/x,mqtt://127.0.0.1:2',
    ]) {
      const { code, out } = await run(['--broker', broker, '--seconds', '1']);
      expect(code, out).toBe(1);
    }
  }, 60_000);

  it('watches every node it is given and stops by itself after --seconds', async () => {
    // Ports nothing listens on: the keeper keeps trying and says no will.
    const { code, out } = await run([
      '--broker',
      'mqtt://127.0.0.1:1,mqtt://127.0.0.1:2',
      '--seconds',
      '1',
    ]);
    expect(code, out).toBe(0);
    expect(out).toContain('Will keeper: watching 2 nodes');
    expect(out).toContain('Will keeper: stopped');
    expect(out).not.toContain('said');
  }, 60_000);
});
