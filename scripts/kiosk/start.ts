/**
 * `npm start`: the kiosk. Downloads Electron with its own installer when the binary is
 * missing, then builds and opens the kiosk (`electron-vite preview`); flags such as
 * --windowed go to the kiosk. When Electron cannot be had it says why in one line and
 * serves the kiosk itself to a browser instead (tools/kiosk-preview/: the kiosk renderer
 * with a stand-in for the preload, the same config layers and flags, and one line naming
 * what only Electron can do), so a newcomer always ends up with a running kiosk.
 * `npm start -- --no-fallback` exits 1 instead (for scripts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { closeOnSignals } from '../../tools/browser/browser-shop';
import { REPO_ROOT } from '../../tools/repo-root';
import {
  buildKioskRenderer,
  startKioskPreview,
} from '../../tools/kiosk-preview/kiosk-preview-server';
import {
  kioskUserDataDir,
  notHonouredLine,
  previewConfig,
} from '../../tools/kiosk-preview/preview-config';
import { launchKiosk } from '../../tools/launch/kiosk-launcher';
import { exitOnHelp } from '../../tools/cli/help';
import { parseCount } from '../../shared/count-flag';

exitOnHelp(`Usage: npm start [-- KIOSK FLAGS] [-- --no-fallback]

Builds and opens the kiosk in Electron (downloading Electron first when it is missing).
Flags such as --windowed, --config=FILE or --catalogue-url=URL go to the kiosk
(docs/kiosk/configuration.md). When Electron cannot be had it says why in one line and
serves the kiosk to a browser instead (http://127.0.0.1:4174/, or a free port): the
kiosk's screens with the same config file, environment and page flags (--config,
--languages, --idle-timeout, --catalogue-url, --windowed …); it names, in one line, the
flags only the Electron kiosk can honour (--fleet-broker, --printer-name …).

  --no-fallback   exit 1 instead of the browser fallback (for scripts)
  --browser       the kiosk in a browser at once, without trying Electron
  --no-build      (in a browser) serve out/renderer as it is, without building it first
  --port N        (in a browser) the port, 4174 unless told; 0 or a taken one: a free one`);

/** The launcher's own flags for the browser, out of the kiosk's. */
function browserOptions(args: readonly string[]): {
  build: boolean;
  port: number | undefined;
  kioskArgs: string[];
} {
  const kioskArgs: string[] = [];
  let port: number | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--port' || arg.startsWith('--port=')) {
      const raw = arg === '--port' ? args[(index += 1)] : arg.slice('--port='.length);
      port = parseCount('port', raw, 0) ?? undefined;
      if (port !== undefined && port > 65535) throw new Error('--port must be at most 65535');
    } else if (arg !== '--no-build' && arg !== '--browser') kioskArgs.push(arg);
  }
  return { build: !args.includes('--no-build'), port, kioskArgs };
}

/** The kiosk renderer in a browser, with the config its flags, file and environment choose. */
async function kioskInBrowser(args: readonly string[]): Promise<void> {
  const { build, port, kioskArgs } = browserOptions(args);
  const { renderer, notHonoured } = previewConfig({
    argv: kioskArgs,
    env: process.env,
    userDataDir: kioskUserDataDir(),
    readFile: (path) => readFileSync(path, 'utf8'),
    log: { info: () => undefined, warn: console.warn, error: console.error },
  });
  if (build) await buildKioskRenderer();
  const server = await startKioskPreview({
    config: renderer,
    ...(port === undefined ? {} : { port }),
    anyPortIfBusy: true,
  });
  const line = notHonouredLine(notHonoured);
  if (line) console.warn(line);
  console.log(`The kiosk is running at ${server.origin}/ (open it in a browser)`);
  closeOnSignals(server);
}

const argv = process.argv.slice(2);
const started = argv.includes('--browser')
  ? kioskInBrowser(argv)
  : launchKiosk(argv, {
      withElectron: async () => {
        const { preview } = await import('electron-vite');
        // Builds, then runs Electron; the process exits with it.
        await preview(
          {
            configFile: resolve(REPO_ROOT, 'electron.vite.config.ts'),
            root: REPO_ROOT,
            logLevel: 'warn',
          },
          { skipBuild: false },
        );
      },
      fallbackName: 'opening the kiosk in a browser',
      fallback: kioskInBrowser,
    });
started.catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
