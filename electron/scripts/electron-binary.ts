/**
 * Finds the Electron executable without `require('electron')`: since Electron 42 that
 * require downloads the binary, which fails (and hangs) on machines without GitHub access.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function findElectronBinary(projectDir: string = process.cwd()): string | null {
  const packageDir = join(projectDir, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!existsSync(pathFile)) {
    return override && existsSync(join(override, 'electron')) ? join(override, 'electron') : null;
  }
  const relativePath = readFileSync(pathFile, 'utf8').trim();
  const binary = join(override ?? join(packageDir, 'dist'), relativePath);
  return existsSync(binary) ? binary : null;
}

export const MISSING_ELECTRON_MESSAGE =
  'Electron is not installed here (its binary could not be downloaded). Run "npm run serve" to open the shop in a browser instead.';
