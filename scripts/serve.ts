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
import { buildWebShop, closeOnSignals, DEFAULT_PORT, startBrowserShop } from './browser-shop';
import { parseCount } from './cli-args';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: '127.0.0.1' },
      'no-build': { type: 'boolean', default: false },
      products: { type: 'string' },
      dir: { type: 'string' },
    },
    strict: true,
  });
  if (!values['no-build']) await buildWebShop();
  const server = await startBrowserShop({
    port: parseCount('port', values.port) ?? DEFAULT_PORT,
    host: values.host,
    productCount: parseCount('products', values.products, 1),
    ...(values.dir ? { staticDir: resolve(values.dir) } : {}),
  });
  console.log(`Kiosk Shop is running at ${server.origin}/`);
  closeOnSignals(server);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
