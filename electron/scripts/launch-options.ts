/** What `npm start` and `npm run dev` take for themselves; everything else goes to the kiosk. */
export interface LaunchOptions {
  /** For scripts: exit non-zero when Electron cannot be had, instead of opening the browser shop. */
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

/** Hands the binary and the kiosk's flags to electron-vite, which reads them from the environment. */
export function prepareElectronVite(binary: string, kioskArgs: readonly string[]): void {
  // electron-vite finds Electron only through ELECTRON_EXEC_PATH or path.txt.
  process.env.ELECTRON_EXEC_PATH = binary;
  if (kioskArgs.length > 0) process.env.ELECTRON_CLI_ARGS = JSON.stringify(kioskArgs);
}
