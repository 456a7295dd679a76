/**
 * The console over a chain: kiosks in two regions and four stores on a real Mosquitto. The
 * rollup per region and per store counts online, offline, asleep, out of paper and stale
 * catalogues; the list filters by region and store; the alert list raises what needs a
 * person (never an asleep kiosk), acknowledges and clears. Checked with axe and for 44 px
 * targets, and shot at 1366×768 and 1920×1080 into test-results/screenshots/.
 */
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoViolations, undersized } from './support/a11y-checks';
import {
  expect,
  kioskRow,
  openConsole,
  requireMosquitto,
  test,
  type FleetRig,
} from './support/fleet-rig';

const OUT_DIR = resolve(__dirname, '../../../test-results/screenshots');

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

const GROUPS = [
  { store: 'lyon-1', region: 'eu-west' },
  { store: 'lyon-2', region: 'eu-west' },
  { store: 'berlin-1', region: 'eu-central' },
  { store: 'munich-1', region: 'eu-central' },
] as const;

/** Twelve kiosks, three per store; one asleep, one off since before the console came. */
async function chainOfTwelve(rig: FleetRig) {
  const kiosks = [];
  for (let i = 1; i <= 12; i += 1) {
    const id = `store-${String(i).padStart(2, '0')}`;
    const group = GROUPS[(i - 1) % GROUPS.length] ?? GROUPS[0];
    kiosks.push(
      await rig.kiosk(id, 'attract', {
        ...group,
        asleep: i === 4,
        version: i === 7 ? '0.0.9' : '0.1.0',
      }),
    );
  }
  await kiosks[2]?.reportHealth((app) => app.setPrinterAvailable(false));
  await kiosks[8]?.reportHealth((app) => app.setCatalogue({ products: 240, ageMinutes: 2900 }));
  // Gone before the console connects: how long is not known, so it is an alert at once.
  kiosks[5]?.kill();
  return kiosks;
}

const groupsTable = (page: Page) => page.getByRole('region', { name: 'Groups' }).getByRole('table');
const groupRow = (page: Page, group: string) =>
  groupsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `${group}: show its kiosks` }) });

test.describe('groups and alerts in the console', () => {
  requireMosquitto();

  for (const size of SIZES) {
    const name = `${size.width}x${size.height}`;
    test(`rolls up, filters and alerts at ${name}`, async ({ browser, rig }) => {
      test.setTimeout(90_000);
      await chainOfTwelve(rig);
      const context = await browser.newContext({
        viewport: size,
        reducedMotion: 'reduce',
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      const page = await context.newPage();
      await openConsole(page, rig);
      await expect(kioskRow(page, 'store-06')).toContainText('Offline');
      await expect(kioskRow(page, 'store-04')).toContainText('Asleep (closed)');

      // Per region: eu-west's kiosks are lyon-1's 01 05 09 and lyon-2's 02 06 10. store-06
      // went before the console came: its Last Will names its store and region, so it
      // counts there, offline, and no kiosk is left under (none).
      const west = groupRow(page, 'eu-west');
      await expect(west.getByRole('cell')).toHaveText(['6', '5', '1', '0', '0', '1', '0.1.0 × 6']);
      await expect(groupRow(page, '(none)')).toHaveCount(0);
      const central = groupRow(page, 'eu-central');
      await expect(central.getByRole('cell')).toHaveText([
        '6',
        '5',
        '0',
        '1',
        '1',
        '0',
        '0.1.0 × 5, 0.0.9 × 1',
      ]);

      // The alerts: offline, printer out, stale catalogue; nothing for the asleep kiosk.
      const alerts = page.getByRole('region', { name: 'Alerts' });
      await expect(alerts.getByRole('status')).toHaveText('3 new, 0 acknowledged.');
      await expect(alerts.getByRole('listitem')).toHaveCount(3);
      await expect(alerts.getByRole('listitem').filter({ hasText: 'store-04' })).toHaveCount(0);

      // Every column in view, the versions too: no sideways scroll hides one.
      const hidden = await groupsTable(page).evaluate((table) => {
        const box = table.parentElement;
        return box ? box.scrollWidth - box.clientWidth : 0;
      });
      expect(hidden, 'pixels of the Groups table scrolled out of view').toBeLessThanOrEqual(0);

      await expectNoViolations(page, `kiosks view with groups at ${name}`);
      expect(await undersized(page)).toEqual([]);
      await page.screenshot({
        path: resolve(OUT_DIR, `console-groups-${name}.png`),
        fullPage: true,
        animations: 'disabled',
      });

      // Acknowledge by keyboard: it stays, quietly; clear: it goes.
      const acknowledgeOffline = alerts.getByRole('button', {
        name: 'Acknowledge Offline on store-06',
      });
      await acknowledgeOffline.focus();
      await page.keyboard.press('Enter');
      await expect(alerts.getByRole('status')).toHaveText('2 new, 1 acknowledged.');
      await expect(alerts.getByRole('listitem').filter({ hasText: 'store-06' })).toContainText(
        '(acknowledged)',
      );
      await alerts.getByRole('button', { name: 'Clear Printer out on store-03' }).click();
      await expect(alerts.getByRole('listitem')).toHaveCount(2);
      await expectNoViolations(page, `alerts acknowledged at ${name}`);

      // Per store, and a store picked from the rollup filters the list.
      await page
        .getByRole('region', { name: 'Groups' })
        .getByRole('button', { name: 'By store' })
        .click();
      await expect(groupRow(page, 'lyon-2').getByRole('cell').first()).toHaveText('3');
      await groupRow(page, 'lyon-2')
        .getByRole('button', { name: 'lyon-2: show its kiosks' })
        .click();
      await expect(page.getByRole('combobox', { name: 'Store' })).toHaveValue('lyon-2');
      await expect(kioskRow(page, 'store-02')).toBeVisible();
      await expect(kioskRow(page, 'store-01')).toHaveCount(0);

      // The region filter, by its select.
      await page.getByRole('combobox', { name: 'Store' }).selectOption('');
      await page.getByRole('combobox', { name: 'Region' }).selectOption('eu-central');
      await expect(kioskRow(page, 'store-03')).toBeVisible();
      await expect(kioskRow(page, 'store-02')).toHaveCount(0);
      await page.screenshot({
        path: resolve(OUT_DIR, `console-groups-filtered-${name}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await context.close();
    });
  }

  test('groups a kiosk by its certificate, and alerts when its status names another store', async ({
    page,
    rig,
  }) => {
    test.setTimeout(60_000);
    await rig.kiosk('kiosk-a', 'attract', { store: 'lyon-1', region: 'eu-west' });
    // Its own login says lyon-1; the operator signed it into paris-9.
    await rig.kiosk('kiosk-b', 'attract', {
      store: 'lyon-1',
      region: 'eu-west',
      certified: { store: 'paris-9', region: 'eu-north' },
    });
    await openConsole(page, rig);
    const alerts = page.getByRole('region', { name: 'Alerts' });
    await expect(alerts.getByRole('listitem').filter({ hasText: 'kiosk-b' })).toContainText(
      'Its status names store lyon-1; its certificate, store paris-9; and region eu-west; its certificate, region eu-north',
    );
    await page
      .getByRole('region', { name: 'Groups' })
      .getByRole('button', { name: 'By store' })
      .click();
    await expect(groupRow(page, 'paris-9').getByRole('cell').first()).toHaveText('1');
    await expect(groupRow(page, 'lyon-1').getByRole('cell').first()).toHaveText('1');
    await expectNoViolations(page, 'kiosks view with a group mismatch');
  });
});
