/**
 * From order to collection in real Chromium, against a real shop service (its own process,
 * on PGlite, and again on a throwaway Debian PostgreSQL 15, serving the console's build at
 * /pick, /board and /#/counter): a kiosk's signed
 * order appears on two pick screens within 2 s, a late one says so; staff take it, pick it
 * and make it ready by keyboard alone, the other screen following; the board shows the
 * number under Preparing, then Ready, then not at all once the counter has scanned the
 * receipt (seeing "Ready" and the lines) and handed it over. Each line shows its picture (the
 * service's drawing of a demo product, loaded), or its title's letter where the image fails.
 * A cancel asks why and a recall undoes it. axe finds nothing, every target is at least 44 px, and the pick screen and the
 * board are photographed at 1920×1080 and 1366×768 for a person to look at (on PGlite).
 * Where PostgreSQL's binaries are missing, its run is skipped with the reason printed.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { demoImagePath } from '../../../shared/fleet/orders/order-line-image';
import type { ShopOrder } from '../../../shared/fleet/orders/shop-order';
import { signedReceiptCode } from '../../support/fixtures/receipt';
import {
  kioskHeaders,
  makeWorld,
  newReceiptId,
  type TestKiosk,
} from '../../services/shop/support/shop-world';
import {
  postgresUnavailable,
  startPostgres,
  type Postgres,
} from '../../services/shop/support/postgres';
import { expectNoViolations, undersized } from './support/a11y-checks';
import {
  shopServicePort,
  startShopService,
  STAFF_PASSWORD,
  type ShopService,
} from './support/shop-service';

const SHOTS =
  process.env.PICK_SHOTS_DIR ?? join(__dirname, '../../../test-results/screenshots/pick');
const world = makeWorld(1);
const kiosk = world.kiosks[0] as TestKiosk;

test.describe.configure({ timeout: 240_000 });

let service: ShopService;
const postgresMissing = postgresUnavailable();
if (postgresMissing !== null) console.log(`[pick-board on PostgreSQL] skipped: ${postgresMissing}`);

function orderOf(number: string, overrides: Partial<ShopOrder> = {}): ShopOrder {
  return {
    receiptId: newReceiptId(),
    kioskId: kiosk.id,
    at: Date.now(),
    lines: [
      {
        productId: 3,
        title: 'Mens Cotton Jacket',
        quantity: 2,
        priceCents: 5599,
        image: demoImagePath(3),
      },
      {
        productId: 7,
        title: 'White Gold Plated Princess Ring',
        quantity: 1,
        priceCents: 999,
        // A catalogue host the shop cannot reach: nothing listens on port 9.
        image: 'https://127.0.0.1:9/ring.png',
      },
    ],
    totalCents: 12197,
    collectionNumber: number,
    ...overrides,
  };
}

/** The order as its kiosk sends it: signed, to /orders. */
async function place(order: ShopOrder): Promise<void> {
  const body = JSON.stringify({ order });
  const response = await fetch(`${service.origin}/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...kioskHeaders(kiosk, { method: 'POST', path: '/orders', body }),
    },
    body,
  });
  expect(response.status).toBe(201);
}

/** The line's picture, once loaded: its natural width, or 0 when it shows nothing. */
function loadedWidth(line: Locator): Promise<number> {
  return line
    .locator('img')
    .evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0));
}

/** A line shows the service's drawing of its product; one whose image fails shows its letter. */
async function expectPictures(order: Locator): Promise<void> {
  const jacket = order.getByRole('listitem').filter({ hasText: 'Mens Cotton Jacket' });
  await expect.poll(() => loadedWidth(jacket)).toBeGreaterThan(0);
  const ring = order.getByRole('listitem').filter({ hasText: 'White Gold Plated Princess Ring' });
  await expect(ring.locator('img')).toHaveCount(0);
  await expect(ring).toContainText(/^W/);
}

async function signedInPage(browser: Browser, path: string, username: string): Promise<Page> {
  const page = await (
    await browser.newContext({ viewport: { width: 1366, height: 768 } })
  ).newPage();
  await page.goto(`${service.origin}${path}`);
  const card = page.getByRole('region', { name: 'Sign in to the shop service' });
  await card.getByLabel('Username').fill(username);
  await card.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await card.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/^Signed in as/)).toBeVisible({ timeout: 30_000 });
  return page;
}

const column = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^${name} \\(`) });
const card = (page: Page, number: string) =>
  page.getByRole('article', { name: number, exact: true });

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1920, 1080],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function walk(browser: Browser, photograph: boolean): Promise<void> {
  const pick = await signedInPage(browser, '/pick', 'counter-1');
  const other = await signedInPage(browser, '/pick', 'counter-2');
  const boardPage = await (
    await browser.newContext({ viewport: { width: 1920, height: 1080 } })
  ).newPage();
  await boardPage.goto(`${service.origin}/board`);
  await expect(boardPage.getByRole('heading', { name: 'Preparing' })).toBeVisible();
  await expect(pick.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  // A new order is on both pick screens within 2 s of the kiosk's send.
  const order = orderOf('C 27');
  const sent = Date.now();
  await place(order);
  await expect(card(pick, 'C 27')).toBeVisible({ timeout: 2000 });
  const shownAfter = Date.now() - sent;
  console.log(`[pick] new order shown after ${shownAfter} ms`);
  await expect(card(other, 'C 27')).toBeVisible({ timeout: 2000 });
  await expect(card(pick, 'C 27')).toContainText('NEW');
  await expect(card(pick, 'C 27')).toContainText('Mens Cotton Jacket');
  await expect(card(pick, 'C 27')).toContainText('× 2');
  await expectPictures(card(pick, 'C 27'));
  // A kiosk that was offline: its order came five minutes after the confirm.
  const late = orderOf('H 3', { at: Date.now() - 5 * 60_000 });
  await place(late);
  await expect(card(pick, 'H 3')).toContainText('Late: sent');
  await expect(card(pick, 'H 3')).toContainText('Waiting long');
  await expect(boardPage.getByRole('region', { name: 'Preparing' })).toContainText('C 27');
  for (const extra of ['F 12', 'K 4', 'M 31']) await place(orderOf(extra));
  await expect(card(pick, 'M 31')).toBeVisible();

  // Keyboard alone: Home is the oldest new order (the late one), down to C 27, Enter takes it.
  await pick.keyboard.press('Home');
  await expect(card(pick, 'H 3')).toBeFocused();
  await pick.keyboard.press('ArrowDown');
  await expect(card(pick, 'C 27')).toBeFocused();
  await pick.keyboard.press('Enter');
  await expect(column(pick, 'Picking').getByRole('article', { name: 'C 27' })).toBeVisible();
  await expect(column(other, 'Picking').getByRole('article', { name: 'C 27' })).toBeVisible({
    timeout: 2000,
  });
  await expect(card(pick, 'C 27')).not.toContainText('NEW');
  await pick.keyboard.press('Space');
  await expect(column(pick, 'Ready').getByRole('article', { name: 'C 27' })).toBeVisible();
  const ready = boardPage.getByRole('region', { name: 'Ready' });
  await expect(ready).toContainText('C 27', { timeout: 2000 });
  await expect(boardPage.getByRole('region', { name: 'Preparing' })).not.toContainText('C 27');

  // Cancel asks why; recall undoes it.
  await pick.keyboard.press('Home');
  await expect(card(pick, 'H 3')).toBeFocused();
  await pick.keyboard.press('c');
  const dialog = pick.getByRole('dialog', { name: /Cancel H 3/ });
  await dialog.getByRole('button', { name: 'Out of stock' }).click();
  await expect(column(pick, 'Just closed').getByRole('article', { name: 'H 3' })).toContainText(
    'Cancelled: Out of stock',
  );
  await card(pick, 'H 3').focus();
  await pick.keyboard.press('r');
  await expect(column(pick, 'New').getByRole('article', { name: 'H 3' })).toBeVisible();

  // Screens with orders in every column, checked and photographed.
  await other.getByRole('article', { name: 'F 12' }).getByRole('button', { name: 'Take' }).click();
  await expect(column(pick, 'Picking').getByRole('article', { name: 'F 12' })).toBeVisible();
  await expectNoViolations(pick, 'the pick screen');
  expect(await undersized(pick)).toEqual([]);
  if (photograph) await shoot(pick, 'pick-screen');
  await expectNoViolations(boardPage, 'the board');
  expect(await undersized(boardPage)).toEqual([]);
  if (photograph) await shoot(boardPage, 'board');

  // The counter scans the receipt: the order is Ready, with its lines; it hands it over.
  const counter = await signedInPage(browser, '/#/counter', 'counter-2');
  const code = signedReceiptCode(
    {
      r: order.receiptId,
      k: kiosk.id,
      t: order.at,
      i: [
        [3, 2],
        [7, 1],
      ],
      c: order.totalCents,
    },
    kiosk.privateKey,
  );
  const field = counter.getByRole('textbox', { name: 'Receipt code' });
  await field.focus();
  await counter.keyboard.insertText(code);
  await field.press('Enter');
  const shown = counter.getByRole('region', { name: 'Order', exact: true });
  await expect(shown).toContainText('Ready');
  await expect(shown).toContainText('Order C 27');
  await expect(shown).toContainText('White Gold Plated Princess Ring');
  await expectPictures(shown);
  await counter.getByRole('button', { name: 'Hand over', exact: true }).click();
  await expect(counter.getByText(/Hand over the goods/)).toBeVisible();
  await expect(ready).not.toContainText('C 27', { timeout: 2000 });
  await expect(column(pick, 'Just closed').getByRole('article', { name: 'C 27' })).toContainText(
    'Handed over',
  );
  await expect(shown).toContainText('Handed over', { timeout: 10_000 });
  // The shop's flow, as the service measured it: the orders placed above, none picking now.
  const flow = counter.getByRole('region', { name: 'Order flow' });
  await expect(flow).toContainText('In the last hour');
  await expect(flow).toContainText('Confirm to ready, p50 / p90');
  if (photograph) {
    await counter.setViewportSize({ width: 1366, height: 1200 });
    await counter.screenshot({ path: join(SHOTS, 'counter-1366x1200.png') });
  }
}

const serviceOptions = {
  prefix: world.trust.prefix,
  enrolmentKey: world.trust.enrolmentKey,
  allowOrigins: [],
};

test.describe('on PGlite', () => {
  test.beforeAll(async () => {
    service = await startShopService(await shopServicePort(), serviceOptions);
    await service.postCertificate(kiosk.envelope);
  });
  test.afterAll(async () => {
    await service.dispose();
  });

  test('order → pick screens → board → counter, by keyboard, in step', async ({ browser }) => {
    await walk(browser, true);
  });

  test('the manager sets the timers and the board on a settings screen, by keyboard', async ({
    browser,
  }) => {
    const counterPage = await signedInPage(browser, '/settings', 'counter-1');
    await expect(counterPage.getByText(/only the shop’s manager/)).toBeVisible();
    await expect(counterPage.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    const pick = await signedInPage(browser, '/pick', 'operator');
    await expect(pick.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    // The page's first press: it turns the chime on, and the link must not move under it.
    await expect(pick.getByRole('button', { name: 'Turn the chime on' })).toBeVisible();
    await pick.getByRole('link', { name: 'Shop settings' }).click();
    await expect(pick).toHaveURL(`${service.origin}/settings`);
    await expect(pick.getByRole('heading', { name: 'Shop settings' })).toBeVisible();
    const amber = pick.getByRole('textbox', { name: 'Amber after (minutes)' });
    await expect(amber).toHaveValue('5');
    await amber.focus();
    await pick.keyboard.press('Control+A');
    await pick.keyboard.type('12');
    // Red (10) is now before amber: refused in words, nothing saved.
    await pick.keyboard.press('Enter');
    await expect(pick.getByRole('alert')).toContainText('Nothing was saved');
    await expect(pick.getByText('Red must come after amber')).toBeVisible();
    await expectNoViolations(pick, 'the settings screen with a problem');
    const red = pick.getByRole('textbox', { name: 'Red after (minutes)' });
    await red.focus();
    await pick.keyboard.press('Control+A');
    await pick.keyboard.type('20');
    await pick.keyboard.press('Tab');
    await pick.keyboard.press('Tab');
    await expect(
      pick.getByRole('checkbox', { name: 'Chime when a number is ready' }),
    ).toBeFocused();
    await pick.keyboard.press('Tab');
    await pick.keyboard.press('Space');
    await expect(pick.getByRole('checkbox', { name: 'Say the number aloud' })).toBeChecked();
    await pick.getByRole('button', { name: 'Save settings' }).click();
    await expect(pick.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expectNoViolations(pick, 'the settings screen');
    expect(await undersized(pick)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await pick.setViewportSize({ width: 1366, height: 900 });
    await pick.screenshot({ path: join(SHOTS, 'settings-1366x900.png') });

    const settings = await service.request('GET', '/shop-settings');
    expect(await settings.json()).toMatchObject({
      settings: { pickAmberMinutes: 12, pickRedMinutes: 20, boardSpeech: true },
    });
    await pick.getByRole('link', { name: 'Back to the pick screen' }).click();
    await expect(pick.getByText(/amber at 12 min, red at 20 min/)).toBeVisible();
  });

  test('the board keeps its numbers and says it is reconnecting while the service is away', async ({
    browser,
  }) => {
    await place(orderOf('W 8'));
    const boardPage = await (
      await browser.newContext({ viewport: { width: 1920, height: 1080 } })
    ).newPage();
    await boardPage.goto(`${service.origin}/board`);
    const preparing = boardPage.getByRole('region', { name: 'Preparing' });
    await expect(preparing).toContainText('W 8');
    await service.stop();
    await expect(boardPage.getByText('Reconnecting…')).toBeVisible({ timeout: 60_000 });
    await expect(preparing).toContainText('W 8');
    await service.start();
    await expect(boardPage.getByText('Reconnecting…')).toHaveCount(0, { timeout: 60_000 });
    await place(orderOf('W 9'));
    await expect(preparing).toContainText('W 9', { timeout: 5000 });
  });
});

test.describe('on PostgreSQL', () => {
  test.skip(postgresMissing !== null, postgresMissing ?? '');
  let postgres: Postgres | null = null;
  test.beforeAll(async () => {
    postgres = await startPostgres();
    service = await startShopService(await shopServicePort(), {
      ...serviceOptions,
      databaseUrl: await postgres.createDatabase('shop'),
    });
    await service.postCertificate(kiosk.envelope);
  });
  test.afterAll(async () => {
    await service.dispose();
    postgres?.stop();
  });

  test('order → pick screens → board → counter, by keyboard, in step', async ({ browser }) => {
    await walk(browser, false);
  });
});
