/**
 * What the kiosk page tells its main process about the shopper's screen (the fleet's
 * health, and the safe moments for relaunches, refreshes and updates): the kiosk renderer
 * from disk with a stand-in for the preload that records each report. Counts and states
 * only: nothing of what was bought crosses.
 */
import { expect, test } from '../support/fixtures';
import {
  activityReports,
  assertKioskBuilt,
  attractScreen,
  idlePrompt,
  installBridge,
  openKiosk,
  runSeconds,
  runUntil,
  touchedAt,
} from '../support/kiosk';
import { cartJson, seedStorage } from '../support/storage';
import { header } from '../support/ui';

test.beforeAll(assertKioskBuilt);

test('attract until touched, shopping, the receipt, the idle prompt, the wipe and attract again', async ({
  page,
  servedCatalogue,
}) => {
  await page.clock.install();
  await seedStorage(page, { cart: cartJson([[servedCatalogue[2]!, 1]]) });
  await installBridge(page, { config: { idleTimeoutSeconds: 60, idleCountdownSeconds: 5 } });
  await openKiosk(page);
  // A kiosk just started, with nobody at it, is as good as the attract screen.
  await expect.poll(() => activityReports(page)).toEqual(['screen:attract']);

  const touched = await touchedAt(page, () =>
    header(page)
      .getByRole('link', { name: /^Cart, / })
      .click(),
  );
  await expect
    .poll(() => activityReports(page))
    .toEqual(['screen:attract', 'input', 'screen:shopping']);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
  await expect(page.getByRole('region', { name: 'Your receipt' })).toBeVisible();
  await expect
    .poll(() => activityReports(page))
    .toEqual(['screen:attract', 'input', 'screen:shopping', 'receipt', 'screen:receipt']);

  const beforeIdle = (await activityReports(page)).length;
  await runUntil(page, touched, 60_500);
  await expect(idlePrompt(page)).toBeVisible();
  await runSeconds(page, 6);
  await expect(attractScreen(page)).toBeVisible();
  await expect
    .poll(async () => (await activityReports(page)).slice(beforeIdle))
    .toEqual(['dialog:open', 'idle-wipe', 'dialog:closed', 'screen:attract']);

  // The next shopper's first touch.
  await attractScreen(page).click();
  await expect.poll(async () => (await activityReports(page)).at(-1)).toBe('screen:shopping');
});

test('without a preload (the renderer from disk) the page reports nowhere and still sells', async ({
  page,
  consoleErrors,
}) => {
  await openKiosk(page);
  await header(page).getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
