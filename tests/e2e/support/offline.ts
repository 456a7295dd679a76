/**
 * Offline after one visit, as the fault matrix means it, for the web shop and the kiosk
 * alike: the shop was used once online, then its network went away. Each runtime loses the
 * network where its own traffic goes: the web shop in the browser (its service worker
 * answers from its caches), the kiosk where Electron's protocol handler sends images through
 * the main process's on-disk cache (electron/main/images/image-cache.ts), and the catalogue calls
 * with them. The specs then hold both to the same promises.
 */
import type { BrowserContext, Page, Route } from '@playwright/test';
import {
  DEFAULT_IMAGE_CACHE,
  fetchThroughImageCache,
  ImageCache,
} from '../../../electron/main/images/image-cache';
import type { Product } from './catalogue';
import { expect } from './fixtures';
import { isCatalogueList, isProductDetail } from './network';
import { cards, errorAlert, expectImagesShown } from './ui';

/** The shop's network, switched off and on by the test. */
export interface Network {
  setUp(up: boolean): Promise<void>;
}

/** The web shop's network: the browser's own offline switch. */
export function browserNetwork(context: BrowserContext): Network {
  return { setUp: (up) => context.setOffline(!up) };
}

const isImage = (url: URL) => /\/images\/\d+\.svg$/.test(url.pathname);

/** The kiosk's network, up or down for the image cache and the catalogue alike. */
export class KioskNetwork implements Network {
  private up = true;

  setUp(up: boolean): Promise<void> {
    this.up = up;
    return Promise.resolve();
  }

  /**
   * Puts the image cache kept in `dir` in front of every image `page` loads, as Electron's
   * protocol handler does; a new cache on the same folder is the kiosk after a restart.
   */
  async attach(page: Page, dir: string): Promise<void> {
    const cache = await ImageCache.open({ dir, ...DEFAULT_IMAGE_CACHE });
    const fetch = (request: Request) =>
      this.up ? globalThis.fetch(request) : Promise.reject(new TypeError('fetch failed'));
    await page.route(isImage, async (route: Route) => {
      try {
        const response = await fetchThroughImageCache(new Request(route.request().url()), {
          cache,
          fetch,
        });
        await route.fulfill({
          status: response.status,
          headers: Object.fromEntries(response.headers),
          body: Buffer.from(await response.arrayBuffer()),
        });
      } catch {
        await route.abort('internetdisconnected');
      }
    });
    // The catalogue's own calls go straight to the network, which may be gone.
    await page.route(
      (url) => isCatalogueList(url) || isProductDetail(url),
      (route) => (this.up ? route.continue() : route.abort('internetdisconnected')),
    );
  }
}

/** The whole demo catalogue is listed, every picture drawn. */
export async function expectCatalogueWithImages(page: Page): Promise<void> {
  await expect(cards(page)).toHaveCount(6);
  await expectImagesShown(page);
}

/**
 * On a product page whose fetch failed while offline: the error is shown with Try again,
 * and once the network is back, Try again shows the product.
 */
export async function expectProductPageRecovers(
  page: Page,
  network: Network,
  product: Product,
): Promise<void> {
  await expect(errorAlert(page)).toBeVisible();
  await expect(errorAlert(page)).toContainText('Error: ');
  await network.setUp(true);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
}
