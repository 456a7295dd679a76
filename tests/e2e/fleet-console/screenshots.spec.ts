/**
 * Screenshots of the console's views for people to judge (VISUAL.md), with a small
 * live fleet on a real Mosquitto, and the kiosks view with 1,000 simulated kiosks (checked
 * with axe and for 44 px targets as it is shot). Only with SCREENSHOTS=1; files go to
 * test-results/screenshots/ beside the shop's.
 */
import { resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { SERVER_ORIGIN } from '../support/network';
import { expectNoViolations, undersized } from './support/a11y-checks';
import {
  expect,
  kioskRow,
  openConsole,
  requireMosquitto,
  signIn,
  test,
  type FleetRig,
  type RigKiosk,
} from './support/fleet-rig';

const OUT_DIR = resolve(__dirname, '../../../test-results/screenshots');

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];
const PHONE = { width: 375, height: 812 };
/** A portrait screen, as a store's back-office kiosk or a tablet on its side shows it. */
const PORTRAIT = { width: 1080, height: 1920 };

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: resolve(OUT_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });

/** The shop's own home page as a portrait kiosk shows it, for the screenshot a kiosk sends. */
async function attractScreen(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 540, height: 960 } });
  await page.goto(`${SERVER_ORIGIN}/home`);
  await page.waitForLoadState('networkidle');
  const png = await page.screenshot();
  await page.close();
  return png;
}

/** Twelve kiosks on mixed screens, one a version behind. */
async function fleetOfTwelve(rig: FleetRig, screenshotPng: Buffer) {
  const screens = ['attract', 'shopping', 'attract', 'receipt'] as const;
  const kiosks = [];
  for (let i = 1; i <= 12; i += 1) {
    const id = `store-${String(i).padStart(2, '0')}`;
    const kiosk = await rig.kiosk(id, screens[i % 4], {
      memoryMB: 240 + ((i * 37) % 120),
      version: i === 7 ? '0.0.9' : '0.1.0',
      screenshotPng,
    });
    kiosks.push(kiosk);
  }
  return kiosks;
}

/**
 * Health messages while the console watches, so each row has a memory trend; one kiosk is
 * out of paper, one serves a two-day-old catalogue.
 */
async function reportHealth(kiosks: RigKiosk[], times: number) {
  for (let sample = 0; sample < times; sample += 1) {
    await Promise.all(
      kiosks.map((kiosk, i) =>
        kiosk.reportHealth((app) => {
          app.growMemory(5);
          if (i === 3) {
            app.setPrinterAvailable(false);
            app.setLastError('Printer: out of paper (ESC/POS status 0x0C)');
          }
          if (i === 8) app.setCatalogue({ products: 240, ageMinutes: 2900 });
        }),
      ),
    );
  }
}

test.describe('screenshots', () => {
  // They capture pictures for review (test-results/screenshots), so they run only when asked
  // for, not in npm test.
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to capture screenshots');
  requireMosquitto();

  for (const size of [...SIZES, PHONE, PORTRAIT]) {
    const name = `${size.width}x${size.height}`;
    test(`the kiosks view at ${name}`, async ({ browser, rig }) => {
      test.setTimeout(90_000);
      const kiosks = await fleetOfTwelve(rig, await attractScreen(browser));
      const context = await browser.newContext({
        viewport: size,
        reducedMotion: 'reduce',
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      const page = await context.newPage();
      await openConsole(page, rig);
      await reportHealth(kiosks, 10);
      kiosks[5]?.kill();
      await expect(kioskRow(page, 'store-06')).toContainText('Offline');
      await expect(kioskRow(page, 'store-01').getByRole('img', { name: /^Memory/ })).toBeVisible();
      await shot(page, `console-kiosks-${name}`);

      await kioskRow(page, 'store-02').getByRole('button', { name: 'store-02' }).click();
      await page
        .getByRole('region', { name: 'Kiosk store-02' })
        .getByRole('button', { name: 'Take a screenshot' })
        .click();
      await page.getByRole('radio', { name: /All kiosks/ }).check();
      await page.getByRole('button', { name: 'Send ping' }).click();
      await expect(
        page.getByText(`ping: ${kiosks.length - 1} of ${kiosks.length - 1} acknowledged`),
      ).toBeVisible();
      await expect(page.getByRole('img', { name: 'The attract screen of store-02' })).toBeVisible();
      await shot(page, `console-kiosks-selected-${name}`);
      await context.close();
    });
  }

  for (const size of [...SIZES, PHONE]) {
    const name = `${size.width}x${size.height}`;
    test(`the counter view at ${name}`, async ({ browser, rig }) => {
      test.setTimeout(120_000);
      const kiosk = await rig.kiosk('store-02');
      await rig.kiosk('store-05', 'attract', { enrol: false });
      const shop = await rig.shop();
      const context = await browser.newContext({
        viewport: size,
        reducedMotion: 'reduce',
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      const page = await context.newPage();
      await page.goto(`${shop.origin}/#/counter`);
      const card = page.getByRole('region', { name: 'Sign in to the shop service' });
      await card.getByLabel('Username').fill('counter-1');
      await card.getByLabel('Password', { exact: true }).fill('not the password');
      await card.getByRole('button', { name: 'Sign in' }).click();
      await expect(card.getByRole('alert')).toHaveText('Wrong username or password.');
      await shot(page, `console-counter-sign-in-${name}`);
      await signIn(page, 'counter-1');
      await expect(page.getByText(/^Revocation list from/)).toBeVisible();
      await shot(page, `console-counter-empty-${name}`);
      const field = page.getByRole('textbox', { name: 'Receipt code' });
      const t = Date.now() - 20 * 60_000;
      const order = (n: number) => ({
        r: `Receipt-${t}-${n}`,
        t,
        i: [
          [1, 2],
          [5, 1],
          [9, 3],
        ] as [number, number][],
        c: 28_437,
      });
      const code = kiosk.receiptCode(order(7));
      await field.fill(code);
      await field.press('Enter');
      await expect(page.getByRole('button', { name: 'Hand over' })).toBeVisible();
      await expectNoViolations(page, `counter, verified, ${name}`);
      expect(await undersized(page)).toEqual([]);
      await shot(page, `console-counter-verified-${name}`);
      await page.getByRole('button', { name: 'Hand over' }).click();
      await expect(page.getByRole('alert')).toContainText('Hand over the goods');
      await shot(page, `console-counter-handed-over-${name}`);
      // Counter 2 scans the same code: told where and when.
      const otherContext = await browser.newContext({
        viewport: size,
        reducedMotion: 'reduce',
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      const other = await otherContext.newPage();
      await other.goto(`${shop.origin}/#/counter`);
      await signIn(other, 'counter-2');
      const otherField = other.getByRole('textbox', { name: 'Receipt code' });
      await otherField.fill(code);
      await otherField.press('Enter');
      await expect(other.getByRole('alert')).toContainText('Already collected at Counter 1');
      await shot(other, `console-counter-collected-${name}`);
      await otherContext.close();
      // Without the service's word, then a conflict: order 8 was handed over there meanwhile.
      const clash = kiosk.receiptCode(order(8));
      await field.fill(clash);
      await field.press('Enter');
      await expect(page.getByRole('button', { name: 'Hand over' })).toBeVisible();
      const id = () =>
        Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
      await shop.request('POST', '/handovers', { code: clash, handoverId: id() });
      await page.route(`${shop.origin}/handovers`, (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Hand over' }).click();
      await expect(page.getByRole('button', { name: 'Hand over anyway' })).toBeVisible();
      await shot(page, `console-counter-unconfirmed-${name}`);
      await page.getByRole('button', { name: 'Hand over anyway' }).click();
      await page.unroute(`${shop.origin}/handovers`);
      const conflicts = page.getByRole('region', { name: /Handed over twice/ });
      await expect(conflicts).toContainText(order(8).r, { timeout: 45_000 });
      await expectNoViolations(page, `counter, handed over twice, ${name}`);
      await shot(page, `console-counter-conflict-${name}`);
      await field.fill('KSR1.eyJyIjoiUmVjZWlwdC0xIn0.AAAA');
      await field.press('Enter');
      await expect(page.getByRole('alert').first()).toContainText('Not a valid receipt');
      await shot(page, `console-counter-refused-${name}`);
      await context.close();
    });

    test(`the enrolment view at ${name}`, async ({ browser, rig }) => {
      test.setTimeout(90_000);
      for (const id of ['store-01', 'store-02']) await rig.kiosk(id);
      for (const id of ['store-03', 'store-04']) await rig.kiosk(id, 'attract', { enrol: false });
      const context = await browser.newContext({
        viewport: size,
        reducedMotion: 'reduce',
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      const page = await context.newPage();
      await openConsole(page, rig, 'enrolment');
      await expect(page.getByRole('region', { name: /Waiting kiosks \(2\)/ })).toBeVisible();
      await shot(page, `console-enrolment-${name}`);
      await page.getByLabel('Enrolment private key (PEM)').setInputFiles({
        name: 'fleet-enrolment.key',
        mimeType: 'text/plain',
        buffer: Buffer.from(rig.enrolmentKey.privatePem),
      });
      await page.getByRole('button', { name: 'Approve store-03' }).click();
      await expect(page.getByRole('button', { name: 'Yes, enrol store-03' })).toBeVisible();
      await expectNoViolations(page, `enrolment, confirming, ${name}`);
      expect(await undersized(page)).toEqual([]);
      await shot(page, `console-enrolment-confirm-${name}`);
      await context.close();
    });
  }

  test.describe('with 1,000 kiosks', () => {
    test.use({ simulatedKiosks: 1000 });
    // One thousand kiosks and a browser are all this 2-core machine should run at once.
    test.describe.configure({ mode: 'serial' });

    for (const size of SIZES) {
      const name = `${size.width}x${size.height}`;
      test(`the kiosks view with 1,000 kiosks at ${name}: axe clean, targets 44 px`, async ({
        browser,
        rig,
      }) => {
        test.setTimeout(240_000);
        const fleet = await rig.fleet();
        const context = await browser.newContext({
          viewport: size,
          reducedMotion: 'reduce',
          locale: 'en-US',
          timezoneId: 'UTC',
        });
        const page = await context.newPage();
        await openConsole(page, rig);
        const summary = page.getByRole('definition');
        await expect(summary.nth(1)).toHaveText('1,000', { timeout: 30_000 });
        // Three crash: they come first, offline, above 997 live ones.
        for (const index of [16, 408, 731]) fleet[index]?.kill();
        await expect(summary.nth(2)).toHaveText('3');
        await page.getByRole('button', { name: 'Send ping' }).click();
        await expect(
          page.getByRole('main').getByText('ping: 997 of 997 acknowledged, 0 errors'),
        ).toBeVisible({
          timeout: 30_000,
        });
        // What the operator sees on this screen, then with a kiosk chosen near the top.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: resolve(OUT_DIR, `console-kiosks-1000-${name}-screen.png`) });
        await kioskRow(page, 'sim-0409').getByRole('button', { name: 'sim-0409' }).click();
        const details = page.getByRole('region', { name: 'Kiosk sim-0409' });
        await expect(details).toBeInViewport();
        await page.screenshot({
          path: resolve(OUT_DIR, `console-kiosks-1000-${name}-selected-screen.png`),
        });
        await shot(page, `console-kiosks-1000-${name}`);
        await expectNoViolations(page, `kiosks view, 1,000 kiosks, ${name}`);
        expect(await undersized(page)).toEqual([]);
        await context.close();
      });
    }
  });
});
