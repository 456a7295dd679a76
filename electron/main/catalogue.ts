/**
 * Decides where the kiosk's catalogue lives: the configured host, or (when none is set)
 * the embedded demo catalogue on a free loopback port, so a fresh kiosk works offline.
 */
import { startCatalogueServer } from '../../server/catalogue/catalogue-server';
import { loadDemoCatalogue } from '../../server/catalogue/demo-catalogue';
import type { Logger } from './logging';

export interface CatalogueHandle {
  url: string;
  /** Stops the embedded server; a no-op for an external host. */
  close(): Promise<void>;
}

export async function startCatalogue(
  configuredUrl: string,
  resourcesDir: string,
  log: Logger,
): Promise<CatalogueHandle> {
  if (configuredUrl !== '') {
    log.info(`Catalogue: using ${configuredUrl}`);
    return { url: configuredUrl, close: () => Promise.resolve() };
  }
  const products = loadDemoCatalogue(resourcesDir);
  const server = await startCatalogueServer({ port: 0, host: '127.0.0.1', products });
  log.info(`Catalogue: embedded demo catalogue at ${server.url}`);
  return { url: server.url, close: () => server.close() };
}
