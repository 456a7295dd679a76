/**
 * Decides where the kiosk's catalogue lives: the configured host, or (when none is set)
 * the embedded demo catalogue, answered by the app protocol itself at `app://shop/api`,
 * so a fresh kiosk works offline. No port is opened, and the catalogue's URLs (its image
 * URLs too, which the renderer keeps in its `products` key) are the same at every launch.
 */
import { createCatalogueApp } from '../../server/catalogue/catalogue-app';
import { loadDemoCatalogue } from '../../server/catalogue/demo-catalogue';
import type { FetchHandler } from '../../server/http/listen-fetch';
import { APP_API_PATH, APP_ORIGIN } from './app-protocol/app-origin';
import type { Logger } from './logging/logging';

export interface CatalogueHandle {
  /** What the renderer fetches from: the configured URL, or `/api` on the app's own origin. */
  url: string;
  /** Answers `app://shop/api/…` for the embedded catalogue; null when a host is configured. */
  api: FetchHandler | null;
}

export function startCatalogue(
  configuredUrl: string,
  resourcesDir: string,
  log: Logger,
): CatalogueHandle {
  if (configuredUrl !== '') {
    log.info(`Catalogue: using ${configuredUrl}`);
    return { url: configuredUrl, api: null };
  }
  const products = loadDemoCatalogue(resourcesDir);
  // Image URLs are paths on the app's origin, never a port or host that could change.
  const catalogue = createCatalogueApp({ products, basePath: APP_API_PATH, publicOrigin: null });
  log.info(`Catalogue: embedded demo catalogue at ${APP_ORIGIN}${APP_API_PATH}`);
  return { url: APP_API_PATH, api: (request) => catalogue.fetch(request) };
}
