/**
 * The console is accessible like the shop: axe (WCAG 2.0/2.1 A+AA) on every view with live
 * data and their panels open, the counter in each state staff must act on, 44 px touch
 * targets, the keyboard, and a visible focus ring.
 */
import { randomBytes } from 'node:crypto';
import { expectNoViolations, undersized } from './support/a11y-checks';
import { expect, kioskRow, openConsole, requireMosquitto, signIn, test } from './support/fleet-rig';
import { askAgainUntil, holdPageClock } from './support/service-clock';

requireMosquitto();

test('the kiosks view: axe clean with kiosks, a selected kiosk and acks; targets 44 px', async ({
  page,
  rig,
}) => {
  await rig.kiosk('kiosk-a');
  const b = await rig.kiosk('kiosk-b', 'shopping');
  await openConsole(page, rig);
  b.kill();
  await expect(kioskRow(page, 'kiosk-b')).toContainText('Offline');
  await kioskRow(page, 'kiosk-a').getByRole('button', { name: 'kiosk-a' }).click();
  await page.getByRole('button', { name: 'Send ping' }).click();
  await expect(page.getByText(/ping: 1 of 1 acknowledged/)).toBeVisible();
  await page.getByText('Acknowledgements (1)').click();
  await expectNoViolations(page, 'kiosks view');
  expect(await undersized(page)).toEqual([]);

  await page.getByRole('button', { name: 'Connection' }).click();
  await expect(page.getByRole('dialog', { name: 'Connection' })).toBeVisible();
  await expectNoViolations(page, 'connection dialog');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the kiosks view with alerts and groups fits a phone: no sideways page scroll, axe clean', async ({
    page,
    rig,
  }) => {
    const a = await rig.kiosk('kiosk-a');
    await rig.kiosk('kiosk-b', 'shopping');
    await a.reportHealth((app) => app.setPrinterAvailable(false));
    await openConsole(page, rig);
    await expect(page.getByText('Printer out', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: /Kiosks per region/ })).toBeVisible();
    // Wide tables scroll inside their cards; the page itself is never wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectNoViolations(page, 'kiosks view on a phone');
    expect(await undersized(page)).toEqual([]);
  });
});

test.describe('more kiosks than fit in view', () => {
  test.use({ simulatedKiosks: 60 });

  test('the kiosks view with 60 kiosks: virtualised, offline first, sticky header, keyboard, axe clean, targets 44 px', async ({
    page,
    rig,
  }) => {
    test.setTimeout(90_000);
    const fleet = await rig.fleet();
    await openConsole(page, rig);
    const summary = page.getByRole('definition');
    await expect(summary.nth(1)).toHaveText('60');
    fleet[41]?.kill();
    await expect(summary.nth(2)).toHaveText('1');
    const table = page.getByRole('table', { name: 'Kiosks, one row each' });
    await expect(table.getByRole('row').nth(1)).toContainText('sim-0042');
    await expect(page.getByText('Showing 60 of 60 kiosks')).toBeVisible();
    await expect(table).toHaveAttribute('aria-rowcount', '61');
    await expectNoViolations(page, 'kiosks view, 60 kiosks');
    expect(await undersized(page)).toEqual([]);
    // Only the rows in view (and a few either side) are drawn, each exactly as tall.
    const drawn = table.locator('tbody tr[data-index]');
    expect(await drawn.count()).toBeLessThan(30);
    const heights = await drawn.evaluateAll((rows) =>
      rows.map((row) => row.getBoundingClientRect().height),
    );
    expect(new Set(heights)).toEqual(new Set([72]));

    // Scrolled to the end: the last kiosk is drawn, in its place, under a header that stays.
    const box = table.locator('xpath=..');
    await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const lastRow = kioskRow(page, 'sim-0060');
    await expect(lastRow).toBeVisible();
    await expect(lastRow).toHaveAttribute('aria-rowindex', '61');
    await expect(kioskRow(page, 'sim-0001')).toHaveCount(0);
    const header = table.getByRole('columnheader', { name: 'Kiosk', exact: true });
    const [headerTop, boxTop] = await Promise.all([
      header.evaluate((element) => element.getBoundingClientRect().top),
      box.evaluate((element) => element.getBoundingClientRect().top),
    ]);
    expect(Math.abs(headerTop - boxTop)).toBeLessThanOrEqual(2);
    await expectNoViolations(page, 'kiosks view, 60 kiosks, scrolled to the end');

    // Keyboard only: Home goes back to the first row, Enter selects it.
    await lastRow.getByRole('button', { name: 'sim-0060' }).focus();
    await page.keyboard.press('Home');
    const first = table.getByRole('row').nth(1).getByRole('button');
    await expect(first).toBeFocused();
    await expect(first).toHaveText('sim-0042');
    await page.keyboard.press('ArrowDown');
    const second = kioskRow(page, 'sim-0001').getByRole('button', { name: 'sim-0001' });
    await expect(second).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-pressed', 'true');
  });
});

test('the counter view: axe clean and targets 44 px signing in, with a receipt to hand over, handed over, and refused', async ({
  page,
  rig,
}) => {
  const kiosk = await rig.kiosk('kiosk-a');
  const shop = await rig.shop();
  await page.goto(`${shop.origin}/#/counter`);
  const card = page.getByRole('region', { name: 'Sign in to the shop service' });
  await card.getByLabel('Username').fill('counter-1');
  await card.getByLabel('Password', { exact: true }).fill('not the password');
  await card.getByRole('button', { name: 'Sign in' }).click();
  await expect(card.getByRole('alert')).toHaveText('Wrong username or password.');
  await expectNoViolations(page, 'counter sign-in with a wrong password');
  expect(await undersized(page)).toEqual([]);
  await signIn(page, 'counter-1');
  const field = page.getByRole('textbox', { name: 'Receipt code' });
  const t = Date.now() - 60_000;
  await field.fill(kiosk.receiptCode({ r: `Receipt-${t}-1`, t, i: [[2, 1]], c: 2230 }));
  await field.press('Enter');
  await expect(page.getByText('Signature verified')).toBeVisible();
  const handOver = page.getByRole('button', { name: 'Hand over' });
  await expect(handOver).toBeVisible();
  await expectNoViolations(page, 'counter with a receipt');
  expect(await undersized(page)).toEqual([]);
  await handOver.click();
  await expect(page.getByRole('alert')).toContainText('Hand over the goods');
  await expectNoViolations(page, 'counter with a receipt handed over');
  // Keyboard only: Enter on the field checks it again, and the record says collected.
  await field.focus();
  await field.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Already collected at Counter 1');
  await expectNoViolations(page, 'counter with a receipt already collected');
  await field.fill('nonsense');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page, 'counter with a refusal');
});

test('the counter view: axe clean and targets 44 px with the handed-over-twice list, and without the shop service', async ({
  page,
  rig,
}) => {
  test.setTimeout(120_000);
  const kiosk = await rig.kiosk('kiosk-a');
  const shop = await rig.shop();
  const t = Date.now() - 60_000;
  const order = (n: number) => ({
    r: `Receipt-${t}-${n}`,
    t,
    i: [[2, 1]] as [number, number][],
    c: 2230,
  });
  // At the service: order 9 handed over, then reported again from an offline counter.
  const code = kiosk.receiptCode(order(9));
  const id = () => randomBytes(16).toString('base64url');
  expect((await shop.request('POST', '/handovers', { code, handoverId: id() })).status).toBe(201);
  const report = { code, handoverId: id(), at: Date.now(), mode: 'offline' };
  expect((await shop.request('POST', '/handovers/offline', report)).status).toBe(201);

  // The page npm run fleet serves, so that it stays while the service is away.
  await holdPageClock(page);
  await page.goto(`${rig.origin}/#/counter`);
  await signIn(page, 'counter-1');
  const conflicts = page.getByRole('region', { name: /Handed over twice/ });
  await expect(conflicts).toContainText(order(9).r);
  await expect(conflicts.getByRole('button', { name: /Dismiss the conflict/ })).toBeVisible();
  await expect(page.getByText(/^Revocation list from/)).toBeVisible();
  await expectNoViolations(page, 'counter with handed over twice');
  expect(await undersized(page)).toEqual([]);

  // Without the service: the counter checks the code itself, and staff decide.
  await shop.stop();
  const field = page.getByRole('textbox', { name: 'Receipt code' });
  await field.fill(kiosk.receiptCode(order(8)));
  await field.press('Enter');
  const unconfirmed = page.getByRole('article', { name: order(8).r });
  await expect(unconfirmed.getByRole('alert')).toContainText(
    'Cannot confirm that this order was not already collected',
  );
  const anyway = unconfirmed.getByRole('button', { name: 'Hand over anyway' });
  await expect(anyway).toBeVisible();
  await expectNoViolations(page, 'counter that cannot confirm, without the shop service');
  expect(await undersized(page)).toEqual([]);
  await anyway.click();
  await expect(page.getByText('1 handover made here is not at the shop service yet')).toBeVisible();
  await expectNoViolations(page, 'counter with a handover waiting for the shop service');
  expect(await undersized(page)).toEqual([]);

  // The service is back and the handover is sent, at the page's next try.
  await shop.start();
  await askAgainUntil(
    page,
    () =>
      expect(unconfirmed.getByRole('alert')).toContainText('now recorded at the shop service', {
        timeout: 3_000,
      }),
    45_000,
  );
});

test('the enrolment view: axe clean and targets 44 px with waiting and enrolled kiosks, keyboard approval', async ({
  page,
  rig,
}) => {
  await rig.kiosk('kiosk-a');
  const waiting = await rig.kiosk('kiosk-b', 'attract', { enrol: false });
  await rig.shop();
  await openConsole(page, rig, 'enrolment');
  await expectNoViolations(page, 'enrolment view, signing in');
  await signIn(page, 'operator');
  await page.getByLabel('Enrolment private key (PEM)').setInputFiles({
    name: 'fleet-enrolment.key',
    mimeType: 'text/plain',
    buffer: Buffer.from(rig.enrolmentKey.privatePem),
  });
  const approve = page.getByRole('button', { name: 'Approve kiosk-b' });
  await expect(approve).toBeEnabled();
  await expect(page.getByRole('table', { name: 'Kiosk certificates' })).toContainText('kiosk-a');
  await expectNoViolations(page, 'enrolment view');
  expect(await undersized(page)).toEqual([]);
  // Keyboard only: the approval and its confirmation.
  await approve.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('button', { name: 'Yes, enrol kiosk-b' });
  await expectNoViolations(page, 'enrolment view, confirming');
  expect(await undersized(page)).toEqual([]);
  await confirm.focus();
  await page.keyboard.press('Enter');
  await waiting.enrolled();
  await expect(page.getByText('No kiosk is waiting to be enrolled.')).toBeVisible();
});

test('keyboard: Tab reaches the views and the counter field with a visible focus ring', async ({
  page,
  rig,
}) => {
  await rig.kiosk('kiosk-a');
  await openConsole(page, rig);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const counter = page.getByRole('link', { name: 'Counter' });
  await expect(counter).toBeFocused();
  const outline = await counter.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Counter', level: 1 })).toBeVisible();
});
