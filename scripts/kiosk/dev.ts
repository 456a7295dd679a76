/**
 * `npm run dev`: the kiosk with hot reload (`electron-vite dev`), downloading Electron
 * first when it is missing. Without Electron it says why in one line and runs the web
 * shop's dev server instead, against the embedded catalogue on a free loopback port.
 * `--no-fallback` exits 1 instead; other flags go to the kiosk.
 */
import { resolve } from 'node:path';
import { startCatalogueServer } from '../../server/catalogue/catalogue-server';
import { REPO_ROOT } from '../../tools/repo-root';
import { launchKiosk } from '../../tools/launch/kiosk-launcher';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run dev [-- KIOSK FLAGS] [-- --no-fallback]

The kiosk with hot reload (electron-vite dev), downloading Electron first when it is
missing. Without Electron it says why in one line and runs the web shop's dev server
instead, against the embedded catalogue on a free loopback port.

  --no-fallback   exit 1 instead of the web dev server (for scripts)`);

launchKiosk(process.argv.slice(2), {
  withElectron: async () => {
    const { createServer } = await import('electron-vite');
    await createServer(
      { configFile: resolve(REPO_ROOT, 'electron.vite.config.ts'), root: REPO_ROOT },
      { rendererOnly: false },
    );
  },
  fallbackName: "starting the web shop's dev server",
  fallback: async () => {
    const catalogue = await startCatalogueServer({ port: 0 });
    // Read by vite.web.config.mts when it is loaded.
    process.env.VITE_CATALOGUE_URL = catalogue.url;
    const { createServer } = await import('vite');
    const server = await createServer({
      configFile: resolve(REPO_ROOT, 'vite.web.config.mts'),
      server: { host: '127.0.0.1' },
    });
    await server.listen();
    const url = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';
    console.log(`Kiosk Shop (web, hot reload) is running at ${url} (catalogue ${catalogue.url})`);
  },
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
