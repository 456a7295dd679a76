/**
 * The web build's service worker (src/service-worker/sw.ts), emitted as /sw.js with the
 * build's precache manifest written into it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { precacheManifest, type PrecacheFile } from '../tools/build/precache-manifest.mts';

export const serviceWorkerEntry = fileURLToPath(
  new URL('../src/service-worker/sw.ts', import.meta.url),
);
export const serviceWorkerDir = fileURLToPath(new URL('../src/service-worker/', import.meta.url));
const publicDir = fileURLToPath(new URL('../resources/public', import.meta.url));

/**
 * The web build's service worker as /sw.js, told which files this build has (its precache)
 * and a version derived from their bytes (tools/build/precache-manifest.mts), so a new
 * build whose files differ in any byte is a new worker. Done once the files are written
 * and hashed as written: Vite's own last steps still change chunks after generateBundle.
 * The kiosk build has none: the kiosk caches images in its main process.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'shop-service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: serviceWorkerEntry, fileName: 'sw.js' });
    },
    writeBundle(options, bundle) {
      const { dir } = options;
      const worker = bundle['sw.js'];
      if (!dir || worker?.type !== 'chunk') throw new Error('the service worker was not built');
      const built: PrecacheFile[] = Object.keys(bundle)
        .filter((name) => name !== 'sw.js' && !name.endsWith('.map'))
        .map((name) => ({ path: `/${name}`, bytes: readFileSync(join(dir, name)) }));
      const copied: PrecacheFile[] = readdirSync(publicDir).map((name) => ({
        path: `/${name}`,
        bytes: readFileSync(join(publicDir, name)),
      }));
      const manifest = precacheManifest([...built, ...copied]);
      // A classic worker script (module workers are not everywhere yet): no export statement.
      const code = readFileSync(join(dir, 'sw.js'), 'utf8').replace(/\bexport\s*\{\s*\};?\s*$/, '');
      writeFileSync(
        join(dir, 'sw.js'),
        `self.__SHOP_BUILD__=${JSON.stringify(manifest)};\n${code}`,
      );
    },
  };
}
