/**
 * A catalogue that stays true (kiosk only): prices cached on the first day do not stay
 * forever. After an idle wipe, at the attract screen, a list older than
 * catalogueMaxAgeMinutes is fetched again in the background and the next shopper sees the
 * new prices; nothing is fetched while a shopper is at the screen, so what a shopper's
 * session calls stays spec §7. The fake bridge plays main: its config, the fleet's
 * refresh-catalogue command, and the catalogue reports it receives.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import type { Product } from '../support/catalogue';
import {
  assertKioskBuilt,
  attractScreen,
  catalogueReports,
  idlePrompt,
  installBridge,
  openKiosk,
  playCatalogueRefresh,
  runSeconds,
  runUntil,
  touchedAt,
} from '../support/kiosk';
import { money } from '../support/money';
import { isCatalogueList, SERVER_ORIGIN, trackRequests } from '../support/network';
import { seedStorage } from '../support/storage';
import { card, cards, header } from '../support/ui';

test.beforeAll(assertKioskBuilt);

const CATALOGUE_URL = `${SERVER_ORIGIN}/api`;
const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const HOUR = 3_600_000;

/** The served catalogue with every price changed, as a shop's price list changes. */
const repriced = (catalogue: readonly Product[]): Product[] =>
  catalogue.map((product) => ({ ...product, price: Math.round(product.price * 150 + 7) / 100 }));

/** A kiosk whose cached list (with its meta) was fetched `ageMs` before START. */
async function kioskWithCachedList(page: Page, list: readonly Product[], ageMs: number) {
  await page.clock.install({ time: START });
  await installBridge(page, {
    config: { catalogueUrl: CATALOGUE_URL, idleTimeoutSeconds: 90, idleCountdownSeconds: 15 },
  });
  await seedStorage(page, { products: JSON.stringify(list) });
  await page.addInitScript(
    (meta) => {
      if (!localStorage.getItem('products-meta')) {
        localStorage.setItem('products-meta', JSON.stringify(meta));
      }
    },
    { source: SERVER_ORIGIN, url: CATALOGUE_URL, fetchedAt: START - ageMs },
  );
}

const listRequests = (page: Page): Request[] =>
  trackRequests(page, (request) => isCatalogueList(new URL(request.url())));

/** A shopper browses for 70 s (past the kiosk's one-minute recheck), then walks away. */
async function shopperBrowsesThenLeaves(
  page: Page,
  product: Product,
  price: string,
  requests: readonly Request[],
) {
  const touched = await touchedAt(page, () =>
    header(page).getByRole('link', { name: 'Products', exact: true }).click(),
  );
  await expect(cards(page)).toHaveCount(6);
  await expect(card(page, product)).toContainText(price);
  await runUntil(page, touched, 70_000);
  await page.waitForTimeout(300);
  expect(requests, 'a list call during the shopper’s session').toHaveLength(0);
  const again = await touchedAt(page, () => page.getByRole('heading', { level: 1 }).click());
  await runUntil(page, again, 90_500);
  await expect(idlePrompt(page)).toBeVisible();
  await runSeconds(page, 16);
  await expect(attractScreen(page)).toBeVisible();
}

test.describe('the kiosk’s catalogue between shoppers', () => {
  test('a stale list is refreshed at the attract screen after the wipe; the next shopper sees the new prices, and no shopper’s session fetches it', async ({
    page,
    servedCatalogue,
  }) => {
    const fresh = repriced(servedCatalogue);
    const product = servedCatalogue[0]!;
    const newPrice = money(fresh[0]!.price);
    await page.route(isCatalogueList, (route) => route.fulfill({ json: fresh }));
    await kioskWithCachedList(page, servedCatalogue, 2 * HOUR);
    const requests = listRequests(page);
    await openKiosk(page);

    // The first shopper sees the cached list, stale as it is: no list call in their session.
    await shopperBrowsesThenLeaves(page, product, money(product.price), requests);
    await expect.poll(() => requests.length).toBe(1);
    // At the attract screen, before anyone touches it: the background refresh.
    await expect(attractScreen(page)).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('products')))
      .toBe(JSON.stringify(fresh));
    const meta = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('products-meta'))) ?? 'null',
    ) as { source: string; url: string; fetchedAt: number };
    expect(meta).toMatchObject({ source: SERVER_ORIGIN, url: CATALOGUE_URL });
    expect(meta.fetchedAt).toBeGreaterThan(START + 150_000);
    expect(await catalogueReports(page)).toContainEqual({
      products: fresh.length,
      fetchedAt: meta.fetchedAt,
      source: SERVER_ORIGIN,
      refreshFailure: null,
    });

    // The next shopper: new prices, and their session calls nothing for the list.
    await attractScreen(page).click();
    const touched = await touchedAt(page, () =>
      header(page).getByRole('link', { name: 'Products', exact: true }).click(),
    );
    await expect(card(page, product)).toContainText(newPrice);
    await runUntil(page, touched, 80_000);
    expect(requests).toHaveLength(1);
  });

  test('a failed refresh keeps the old list for the next shopper and is reported', async ({
    page,
    servedCatalogue,
  }) => {
    const product = servedCatalogue[0]!;
    const broken = [...repriced(servedCatalogue), { id: 'not a product' }];
    await page.route(isCatalogueList, (route) => route.fulfill({ json: broken }));
    await kioskWithCachedList(page, servedCatalogue, 2 * HOUR);
    const requests = listRequests(page);
    await openKiosk(page);
    await shopperBrowsesThenLeaves(page, product, money(product.price), requests);
    await expect.poll(() => requests.length).toBe(1);
    await expect
      .poll(async () => (await catalogueReports(page)).at(-1)?.refreshFailure?.message)
      .toMatch(/^product \d+: id/);
    expect(await page.evaluate(() => localStorage.getItem('products'))).toBe(
      JSON.stringify(servedCatalogue),
    );
    await attractScreen(page).click();
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(card(page, product)).toContainText(money(product.price));
  });

  test('the fleet’s refresh-catalogue command refreshes a young list at the attract screen, not before', async ({
    page,
    servedCatalogue,
  }) => {
    const fresh = repriced(servedCatalogue);
    const product = servedCatalogue[0]!;
    await page.route(isCatalogueList, (route) => route.fulfill({ json: fresh }));
    await kioskWithCachedList(page, servedCatalogue, 5 * 60_000);
    const requests = listRequests(page);
    await openKiosk(page);
    const touched = await touchedAt(page, () =>
      header(page).getByRole('link', { name: 'Products', exact: true }).click(),
    );
    await expect(cards(page)).toHaveCount(6);
    // A shopper is at the screen: the command waits for the next attract screen.
    await playCatalogueRefresh(page);
    await runUntil(page, touched, 30_000);
    expect(requests).toHaveLength(0);
    // Second by second through the countdown, so the refresh at the attract screen is not
    // jumped past its own timeout.
    await runUntil(page, touched, 90_500);
    await expect(idlePrompt(page)).toBeVisible();
    await runSeconds(page, 16);
    await expect(attractScreen(page)).toBeVisible();
    await expect.poll(() => requests.length).toBe(1);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('products')))
      .toBe(JSON.stringify(fresh));
    await attractScreen(page).click();
    await header(page).getByRole('link', { name: 'Products', exact: true }).click();
    await expect(card(page, product)).toContainText(money(fresh[0]!.price));
  });
});
