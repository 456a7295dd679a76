/**
 * npm run serve — builds the web renderer against a same-origin catalogue (/api) and serves
 * both from one loopback server: the shop as a shopper's browser would see it, offline. A
 * build in out/web it did not make is never replaced without --rebuild (the usage below).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildWebShop,
  closeOnSignals,
  DEFAULT_PORT,
  startBrowserShop,
} from '../../tools/browser/browser-shop';
import { parseCount } from '../../shared/count-flag';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run serve [-- options]

Builds out/web for the embedded demo catalogue, served at /api on the same origin, and
serves both from one loopback server: the shop as a shopper's browser would see it, with no
network. It says what it builds, and never replaces a build in out/web it did not make
(npm run build:web with your own VITE_CATALOGUE_URL, say) unless --rebuild says so.

  --port N           default 4173
  --host H           default 127.0.0.1
  --no-build         serve the existing out/web as it is
  --rebuild          replace a build in out/web that npm run serve did not make
  --products N       serve N generated products instead of the demo catalogue
  --dir PATH         static directory (default out/web)
  --public-origin U  the origin shoppers use, e.g. http://192.168.1.20:4173 when serving
                     on 0.0.0.0; product image URLs are built from it (default: the
                     origin it listens on, never a request's Host header)`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: '127.0.0.1' },
      'no-build': { type: 'boolean', default: false },
      rebuild: { type: 'boolean', default: false },
      products: { type: 'string' },
      dir: { type: 'string' },
      'public-origin': { type: 'string' },
    },
    strict: true,
  });
  if (!values['no-build']) await buildWebShop({ replace: values.rebuild });
  const server = await startBrowserShop({
    port: parseCount('port', values.port) ?? DEFAULT_PORT,
    host: values.host,
    productCount: parseCount('products', values.products, 1),
    ...(values.dir ? { staticDir: resolve(values.dir) } : {}),
    ...(values['public-origin'] ? { publicOrigin: values['public-origin'] } : {}),
  });
  console.log(`Kiosk Shop is running at ${values['public-origin'] ?? server.origin}/`);
  if (!values['public-origin'] && /^http:\/\/(0\.0\.0\.0|\[::\])/.test(server.origin)) {
    console.log(
      `Product images point at ${server.origin}, which other machines cannot open: pass --public-origin http://<this machine>:${server.port}`,
    );
  }
  closeOnSignals(server);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
