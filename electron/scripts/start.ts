/**
 * `npm start`: builds and opens the kiosk with `electron-vite preview`, passing flags such
 * as --windowed through. Where the Electron binary is missing it says so in one line
 * instead of letting electron-vite attempt (and fail) a download.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { findElectronBinary, MISSING_ELECTRON_MESSAGE } from './electron-binary';

if (findElectronBinary() === null) {
  console.error(MISSING_ELECTRON_MESSAGE);
  process.exit(1);
}

const electronVite = join(process.cwd(), 'node_modules', '.bin', 'electron-vite');
const userArgs = process.argv.slice(2);
const child = spawn(electronVite, ['preview', ...(userArgs.length ? ['--', ...userArgs] : [])], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
child.on('exit', (code, signal) => {
  process.exit(signal ? 1 : (code ?? 1));
});
