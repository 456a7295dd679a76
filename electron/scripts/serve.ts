/**
 * npm run serve — builds the web renderer against a same-origin catalogue (/api) and serves
 * both from one loopback server: the shop as a shopper's browser would see it, offline.
 *
 *   --port N           default 4173
 *   --host H           default 127.0.0.1
 *   --no-build         serve the existing out/web as is
 *   --products N       serve N generated products instead of the demo catalogue
 *   --dir PATH         static directory (default out/web)
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadDemoCatalogue } from '../catalogue/demo-catalogue';
import { generateCatalogue } from '../catalogue/generate-catalogue';
import { listenFetch } from '../catalogue/listen-fetch';
import { parseCount, REPO_ROOT } from './cli-args';
import { createShopHandler } from './shop-handler';

const API_BASE = '/api';

async function buildWeb(): Promise<void> {
  // Read by vite.web.config.mts when it is loaded, so it must be set before build().
  process.env.VITE_CATALOGUE_URL = API_BASE;
  const { build } = await import('vite');
  await build({ configFile: resolve(REPO_ROOT, 'vite.web.config.mts'), logLevel: 'warn' });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4173' },
      host: { type: 'string', default: '127.0.0.1' },
      'no-build': { type: 'boolean', default: false },
      products: { type: 'string' },
      dir: { type: 'string' },
    },
    strict: true,
  });
  const port = parseCount('port', values.port) ?? 4173;
  const productCount = parseCount('products', values.products, 1);
  const staticDir = resolve(values.dir ?? resolve(REPO_ROOT, 'out', 'web'));

  if (!values['no-build']) await buildWeb();

  const products =
    productCount === undefined ? loadDemoCatalogue() : generateCatalogue({ count: productCount });
  const server = await listenFetch(createShopHandler({ staticDir, products, apiBase: API_BASE }), {
    port,
    host: values.host,
  });
  console.log(`Kiosk Shop is running at ${server.origin}/`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    // Open keep-alive connections would otherwise hold the process after Ctrl+C.
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
