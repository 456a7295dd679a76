/**
 * What `npm start` and `npm run dev` share: make sure Electron is there (downloading it
 * when it is missing), hand it to electron-vite and launch; else say why in one line and
 * run the browser fallback, or exit 1 with `--no-fallback` (for scripts).
 */
import { REPO_ROOT } from '../repo-root';
import { ensureElectronBinary } from './electron-binary';

export interface LaunchOptions {
  /** For scripts: exit non-zero when Electron cannot be had, instead of the browser fallback. */
  noFallback: boolean;
  /** Flags for the kiosk itself, such as --windowed or --catalogue-url=…. */
  kioskArgs: string[];
}

export function parseLaunchArgs(argv: readonly string[]): LaunchOptions {
  return {
    noFallback: argv.includes('--no-fallback'),
    kioskArgs: argv.filter((arg) => arg !== '--no-fallback'),
  };
}

export interface Launch {
  /** Starts electron-vite (preview or dev) once Electron is there. */
  withElectron: () => Promise<void>;
  /** What runs instead, e.g. "opening the kiosk in a browser". */
  fallbackName: string;
  /** Gets the kiosk's flags, as Electron would have. */
  fallback: (kioskArgs: string[]) => Promise<void>;
}

export async function launchKiosk(argv: readonly string[], launch: Launch): Promise<void> {
  const { noFallback, kioskArgs } = parseLaunchArgs(argv);
  const electron = await ensureElectronBinary({ projectDir: REPO_ROOT });
  if (electron.binary !== null) {
    // electron-vite finds Electron only through ELECTRON_EXEC_PATH or path.txt, and reads
    // the app's flags from ELECTRON_CLI_ARGS.
    process.env.ELECTRON_EXEC_PATH = electron.binary;
    if (kioskArgs.length > 0) process.env.ELECTRON_CLI_ARGS = JSON.stringify(kioskArgs);
    await launch.withElectron();
    return;
  }
  if (noFallback) {
    console.error(`${electron.reason}; not ${launch.fallbackName} (--no-fallback).`);
    process.exit(1);
  }
  console.error(`${electron.reason}; ${launch.fallbackName} instead.`);
  await launch.fallback(kioskArgs);
}
