/**
 * The counter view: a receipt signed by a kiosk (node:crypto Ed25519, its public key in the
 * kiosk's retained status on a real Mosquitto) is verified in Chromium with WebCrypto, its
 * items shown with titles from the catalogue, marked collected once; tampered, unknown-kiosk
 * and malformed codes are refused.
 */
import type { Page } from '@playwright/test';
import { expect, openConsole, requireMosquitto, test } from './support/fleet-rig';

requireMosquitto();

const RECEIPT = {
  r: 'Receipt-1700000000000-42',
  t: Date.UTC(2026, 10, 23, 10, 30),
  i: [
    [1, 2],
    [3, 1],
  ] as [number, number][],
  c: 12345,
};

const codeField = (page: Page) => page.getByRole('textbox', { name: 'Receipt code' });

/**
 * As a USB scanner does it: the code arrives as one burst of text, then Enter. Inserted as
 * text, not key by key: a signed code is 170 characters, and Playwright's round trips per
 * key took 5 s a code here and over 15 s on a loaded CI machine, which timed tests out.
 */
async function scan(page: Page, text: string): Promise<void> {
  await codeField(page).fill('');
  await codeField(page).focus();
  await page.keyboard.insertText(text);
  await codeField(page).press('Enter');
}

/** Key by key, as a slow scanner or a person types: for the short codes. */
async function typeAndEnter(page: Page, text: string): Promise<void> {
  await codeField(page).fill('');
  await codeField(page).pressSequentially(text, { delay: 0 });
  await codeField(page).press('Enter');
}

test('a real signed receipt is verified, shown with titles and total, and collected once', async ({
  page,
  rig,
}) => {
  const kiosk = await rig.kiosk('kiosk-a');
  await openConsole(page, rig, 'counter');
  await expect(page.getByRole('heading', { name: 'Counter', level: 1 })).toBeVisible();
  await expect(codeField(page)).toBeFocused();

  await scan(page, kiosk.receiptCode(RECEIPT));
  const receipt = page.getByRole('article', { name: RECEIPT.r });
  await expect(receipt).toContainText('Signature verified');
  const items = receipt.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(
    'Everyday Oxford Cotton Button-Down Shirt with Chest Pocket',
  );
  await expect(items.nth(0)).toContainText('× 2');
  await expect(receipt).toContainText('$123.45');
  await expect(receipt).toContainText('kiosk-a');

  await receipt.getByRole('button', { name: 'Mark as collected' }).click();
  await expect(receipt).toContainText('Marked as collected at');

  // The same receipt again, after a reload: the console remembers.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Connected to' })).toBeVisible();
  await scan(page, kiosk.receiptCode(RECEIPT));
  await expect(page.getByRole('alert')).toContainText('Already collected');
  await expect(page.getByRole('button', { name: 'Mark as collected' })).toHaveCount(0);
});

test('a pasted code is checked at once', async ({ page, rig }) => {
  const kiosk = await rig.kiosk('kiosk-a');
  await openConsole(page, rig, 'counter');
  await codeField(page).focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, kiosk.receiptCode(RECEIPT));
  await expect(page.getByRole('article', { name: RECEIPT.r })).toContainText('Signature verified');
});

test('a tampered receipt is refused', async ({ page, rig }) => {
  const kiosk = await rig.kiosk('kiosk-a');
  await openConsole(page, rig, 'counter');
  const [prefix, , signature] = kiosk.receiptCode(RECEIPT).split('.');
  const cheaper = Buffer.from(JSON.stringify({ ...RECEIPT, k: 'kiosk-a', c: 100 })).toString(
    'base64url',
  );
  await scan(page, `${prefix}.${cheaper}.${signature}`);
  await expect(page.getByRole('alert')).toContainText('Receipt refused');
  await expect(page.getByRole('alert')).toContainText('the code was altered');
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('a receipt from a kiosk the console does not know is refused', async ({ page, rig }) => {
  const kiosk = await rig.kiosk('kiosk-a');
  await openConsole(page, rig, 'counter');
  // Signed by kiosk-a's key but claiming kiosk-c, which never came online.
  const [, , signature] = kiosk.receiptCode(RECEIPT).split('.');
  const other = Buffer.from(JSON.stringify({ ...RECEIPT, k: 'kiosk-c' })).toString('base64url');
  await scan(page, `KSR1.${other}.${signature}`);
  await expect(page.getByRole('alert')).toContainText('Unknown kiosk');
});

test('malformed codes are refused with a reason', async ({ page, rig }) => {
  await rig.kiosk('kiosk-a');
  await openConsole(page, rig, 'counter');
  for (const [text, reason] of [
    ['Receipt-1700000000000-42', 'plain receipt id'],
    ['KSR1.bm90IGpzb24.AAAA', 'damaged'],
    ['https://example.com/', 'not a kiosk receipt code'],
  ] as const) {
    await typeAndEnter(page, text);
    await expect(page.getByRole('alert')).toContainText('Not a valid receipt');
    await expect(page.getByRole('alert')).toContainText(reason);
  }
});
