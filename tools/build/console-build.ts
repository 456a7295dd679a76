/** Builds out/console when it is missing or older than what it is built from. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../repo-root';

export const CONSOLE_DIR = resolve(REPO_ROOT, 'out', 'console');

/** What the console's bundle is made of (its own code and what it may share). */
const SOURCES = [
  'fleet-console',
  'web-shared',
  'shared',
  'vite.console.config.mts',
  'package-lock.json',
];

function newestIn(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestIn(join(path, entry)));
  return newest;
}

export function consoleNeedsBuild(root = REPO_ROOT, outDir = CONSOLE_DIR): boolean {
  const built = join(outDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestIn(resolve(root, source)) > builtAt);
}

export async function buildConsole(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: resolve(REPO_ROOT, 'vite.console.config.mts'), logLevel: 'warn' });
}
