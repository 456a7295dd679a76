/**
 * The console is accessible like the shop: axe (WCAG 2.0/2.1 A+AA) on both views with live
 * data and their panels open, 44 px touch targets, and a visible focus ring.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, kioskRow, openConsole, requireMosquitto, test } from './support/fleet-rig';

requireMosquitto();

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations in ${state}`).toEqual([]);
}

/** Visible controls smaller than 44×44 px, as 'name: WxH'. */
function undersized(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const selector =
      'a[href], button, input:not([type="hidden"]), select, summary, [tabindex]:not([tabindex="-1"])';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || element.closest('dialog:not([open])')) continue;
      // A checkbox or radio is touched through its label, which is the target.
      const target = element.matches('input[type="checkbox"], input[type="radio"]')
        ? (element.closest('label') ?? element)
        : element;
      const area = target.getBoundingClientRect();
      if (area.height < 44 || area.width < 44)
        small.push(
          `${element.tagName} "${element.textContent.trim().slice(0, 30)}": ${Math.round(area.width)}x${Math.round(area.height)}`,
        );
    }
    return small;
  });
}

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

test('the counter view: axe clean with a verified receipt and with a refusal', async ({
  page,
  rig,
}) => {
  const kiosk = await rig.kiosk('kiosk-a');
  await openConsole(page, rig, 'counter');
  const field = page.getByRole('textbox', { name: 'Receipt code' });
  await field.fill(kiosk.receiptCode({ r: 'Receipt-1-1', t: 1, i: [[2, 1]], c: 2230 }));
  await field.press('Enter');
  await expect(page.getByText('Signature verified')).toBeVisible();
  await expectNoViolations(page, 'counter with a receipt');
  expect(await undersized(page)).toEqual([]);
  await field.fill('nonsense');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page, 'counter with a refusal');
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
  const counter = page.getByRole('link', { name: 'Counter' });
  await expect(counter).toBeFocused();
  const outline = await counter.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Counter', level: 1 })).toBeVisible();
});
