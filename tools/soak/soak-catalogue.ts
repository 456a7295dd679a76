/**
 * The soak's catalogue, answered in-process from the demo catalogue, so a long run opens no
 * port that could clash with another run on the machine.
 */
import type { BrowserContext } from '@playwright/test';
import { createCatalogueApp } from '../../server/catalogue/catalogue-app';
import { loadDemoCatalogue } from '../../server/catalogue/demo-catalogue';

/**
 * Answers the renderer's catalogue calls (its `/api` on 127.0.0.1, whatever port the build
 * baked in) from the demo catalogue, built for that origin so image URLs load too.
 */
export async function serveCatalogue(context: BrowserContext): Promise<void> {
  const products = loadDemoCatalogue();
  const apps = new Map<string, ReturnType<typeof createCatalogueApp>>();
  await context.route(
    (url) => url.hostname === '127.0.0.1' && url.pathname.startsWith('/api/'),
    async (route) => {
      const url = new URL(route.request().url());
      let app = apps.get(url.origin);
      if (!app) {
        app = createCatalogueApp({ products, basePath: '/api', publicOrigin: url.origin });
        apps.set(url.origin, app);
      }
      const response = await app.fetch(new Request(url));
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    },
  );
}
