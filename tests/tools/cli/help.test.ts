/**
 * Every command in package.json's scripts answers --help: a usage on stdout, exit 0, and
 * nothing built, started or written. Each entry of ours (tsx FILE) is run with --help; the
 * others are third-party tools that answer --help themselves.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** Scripts that run a third-party tool, which has its own --help. */
const THIRD_PARTY = new Set([
  'build',
  'build:web',
  'typecheck',
  'lint',
  'format',
  'test',
  'test:unit',
  'test:e2e',
  'test:failover',
  'test:records-ha',
]);

const ENTRY = /^tsx (?:--tsconfig \S+ )?(\S+\.ts)$/;
const entries = Object.entries(scripts).filter(([name]) => !THIRD_PARTY.has(name));

function help(command: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const [, ...args] = command.split(' ');
  return new Promise((done) => {
    execFile(
      TSX,
      [...args, '--help'],
      // No network, no Electron: --help must not need either.
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, ELECTRON_MIRROR: 'https://none.invalid/' },
      },
      (error, stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        done({ code: typeof code === 'number' ? code : error ? -1 : 0, stdout, stderr });
      },
    );
  });
}

describe('npm run <script> -- --help', () => {
  it('every script is either an entry of ours or a named third-party tool', () => {
    for (const [name, command] of entries) expect(command, name).toMatch(ENTRY);
  });

  it.each(entries)(
    'npm run %s -- --help prints its usage and does nothing else',
    async (name, command) => {
      const run = await help(command);
      expect(run.code, run.stderr).toBe(0);
      const called = name === 'start' ? 'npm start' : `npm run (-s )?${name}`;
      expect(run.stdout).toMatch(new RegExp(`^(usage: )?${called}\\b`, 'i'));
    },
    40_000,
  );
});
