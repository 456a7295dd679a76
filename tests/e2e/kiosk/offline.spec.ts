/**
 * The kiosk offline after one visit (fault matrix). The kiosk keeps its images in the main
 * process's on-disk cache; here that very cache (electron/main/images/image-cache.ts) stands in
 * front of every image the renderer loads, as Electron's protocol handler puts it, and
 * "the network" is what that handler can reach (KioskNetwork in ../support/offline.ts,
 * which the web shop's offline spec shares).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { cardTitle, demoCatalogue } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import { assertKioskBuilt, openKiosk } from '../support/kiosk';
import {
  expectCatalogueWithImages,
  expectProductPageRecovers,
  KioskNetwork,
} from '../support/offline';
import {
  card,
  cartLine,
  cartLink,
  expectCartCount,
  expectImagesShown,
  header,
} from '../support/ui';

test.beforeAll(assertKioskBuilt);

/** One shopper's visit: the catalogue, a product page and the cart. */
async function visit(page: Page): Promise<void> {
  const product = demoCatalogue()[1]!;
  await openKiosk(page);
  await header(page).getByRole('link', { name: 'Products', exact: true }).click();
  await expectCatalogueWithImages(page);
  await card(page, product)
    .getByRole('link', { name: cardTitle(product), exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expectImagesShown(page);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await cartLink(page).click();
  await expect(cartLine(page, product)).toBeVisible();
  await expectImagesShown(page);
}

/** A kiosk whose images go through a fresh on-disk cache, after one shopper's visit online. */
async function afterOneVisit(page: Page): Promise<{ dir: string; network: KioskNetwork }> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-images-'));
  const network = new KioskNetwork();
  await network.attach(page, dir);
  await visit(page);
  return { dir, network };
}

test.describe('the kiosk offline after one visit', () => {
  test('the catalogue, its images and the cart keep working, also after a restart', async ({
    page,
    browser,
  }) => {
    const { dir, network } = await afterOneVisit(page);

    await network.setUp(false);
    await page.reload();
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expectCatalogueWithImages(page);
    const another = demoCatalogue()[3]!;
    await card(page, another).getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(page, 2);
    await cartLink(page).click();
    await expectImagesShown(page);

    // A restart: a new window and a new cache process on the same folder, still offline.
    const restarted = await browser.newContext({ viewport: { width: 1080, height: 1920 } });
    const next = await restarted.newPage();
    await network.attach(next, dir);
    await next.addInitScript(
      (stored) => {
        for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      },
      await page.evaluate((): Record<string, string> =>
        Object.fromEntries(Object.entries(localStorage)),
      ),
    );
    await openKiosk(next);
    await header(next).getByRole('link', { name: 'Products', exact: true }).click();
    await expectCatalogueWithImages(next);
    await restarted.close();
  });

  test('a product page whose fetch fails shows the error with Try again, and works when the network returns', async ({
    page,
  }) => {
    const { network } = await afterOneVisit(page);
    await network.setUp(false);
    const product = demoCatalogue()[5]!;
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await card(page, product)
      .getByRole('link', { name: cardTitle(product), exact: true })
      .click();
    await expectProductPageRecovers(page, network, product);
    await expectImagesShown(page);
  });
});
