import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCatalogue, type CatalogueProduct } from './product-schema';

const RELATIVE_FILE = join('catalogue', 'products.json');

function moduleDir(): string | undefined {
  // CommonJS (tsx, the electron-vite main bundle) has __dirname; ESM (vitest) has import.meta.
  if (typeof __dirname === 'string') return __dirname;
  try {
    return dirname(fileURLToPath(import.meta.url));
  } catch {
    return undefined;
  }
}

/**
 * Where resources/ lives: from source (server/catalogue) and from the bundle (out/main)
 * it is two levels up; as a fallback, the working directory of `npm run …`.
 */
export function findResourcesDir(): string {
  const here = moduleDir();
  const candidates = [
    ...(here ? [resolve(here, '..', '..', 'resources'), resolve(here, '..', 'resources')] : []),
    resolve(process.cwd(), 'resources'),
  ];
  const fallback = resolve(process.cwd(), 'resources');
  return candidates.find((dir) => existsSync(join(dir, RELATIVE_FILE))) ?? fallback;
}

/** The demo products shipped with the app; the Electron main passes its own resources path. */
export function loadDemoCatalogue(resourcesDir?: string): CatalogueProduct[] {
  const file = join(resourcesDir ?? findResourcesDir(), RELATIVE_FILE);
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return parseCatalogue(data, file);
}
