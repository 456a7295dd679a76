/**
 * `npm start`: the kiosk. Downloads Electron with its own installer when the binary is
 * missing, then builds and opens the kiosk (`electron-vite preview`); flags such as
 * --windowed go to the kiosk. When Electron cannot be had it says why in one line and
 * serves the shop to a browser instead, on the embedded catalogue, so a newcomer always
 * ends up with a running shop. `npm start -- --no-fallback` exits 1 instead (for scripts).
 */
import { resolve } from 'node:path';
import { buildWebShop, closeOnSignals, startBrowserShop } from '../../tools/browser/browser-shop';
import { REPO_ROOT } from '../../tools/repo-root';
import { launchKiosk } from '../../tools/launch/kiosk-launcher';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm start [-- KIOSK FLAGS] [-- --no-fallback]

Builds and opens the kiosk in Electron (downloading Electron first when it is missing).
Flags such as --windowed, --config=FILE or --catalogue-url=URL go to the kiosk
(docs/kiosk/configuration.md). When Electron cannot be had it says why in one line and
serves the shop to a browser instead, on the embedded catalogue.

  --no-fallback   exit 1 instead of the browser fallback (for scripts)`);

launchKiosk(process.argv.slice(2), {
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
  fallbackName: 'opening the shop in a browser',
  fallback: async () => {
    await buildWebShop();
    const server = await startBrowserShop({ anyPortIfBusy: true });
    console.log(`Kiosk Shop is running at ${server.origin}/ (open it in a browser)`);
    closeOnSignals(server);
  },
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
