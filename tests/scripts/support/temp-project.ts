/**
 * A throwaway copy of the project for running its npm scripts as a newcomer would: the
 * sources are copied, every package is linked from this checkout's node_modules except
 * `electron`, which is copied without its downloaded binary (dist/, path.txt), as a fresh
 * `npm ci` leaves it.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../../..');

/** Generated, downloaded or test-only: not part of what `npm start` needs. */
const LEFT_OUT = new Set([
  '.git',
  'node_modules',
  'out',
  'dist',
  'release',
  'tests',
  'test-results',
  'playwright-report',
  'blob-report',
  'coverage',
]);

export function createTempProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-start-'));
  for (const entry of readdirSync(REPO_ROOT)) {
    if (LEFT_OUT.has(entry)) continue;
    cpSync(join(REPO_ROOT, entry), join(dir, entry), { recursive: true });
  }
  const modules = join(REPO_ROOT, 'node_modules');
  const linked = join(dir, 'node_modules');
  mkdirSync(linked);
  for (const entry of readdirSync(modules)) {
    if (entry === 'electron' || (entry.startsWith('.') && entry !== '.bin')) continue;
    // Junctions need no privileges on Windows; elsewhere the type is ignored.
    symlinkSync(join(modules, entry), join(linked, entry), 'junction');
  }
  cpSync(join(modules, 'electron'), join(linked, 'electron'), {
    recursive: true,
    filter: (source) => {
      const name = basename(source);
      const top = resolve(source, '..') === join(modules, 'electron');
      return !(top && (name === 'dist' || name === 'path.txt'));
    },
  });
  return dir;
}
