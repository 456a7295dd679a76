/**
 * `npm start` without Electron: the kiosk in a browser (`npm start -- --browser`, which the
 * fallback runs too; tools/kiosk-preview/), served over http with the stand-in bridge and
 * the config its flags chose, read by the kiosk's own loader. It is the kiosk, not the web
 * shop: the accessibility and speech bar, the idle prompt and the attract screen, offering
 * the languages `--languages` names and no other, with no console error or blocked
 * request; a purchase ends on the kiosk's receipt, with its totals and its QR code; and the
 * flag only Electron can honour is named in one line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import {
  accessibilityButton,
  assertKioskBuilt,
  attractScreen,
  runSeconds,
  runUntilIdlePrompt,
} from '../support/kiosk';
import { header, main } from '../support/ui';

const ROOT = join(__dirname, '../../..');
let preview: ChildProcess | undefined;
let origin = '';
let output = '';
let home = '';

test.beforeAll(async () => {
  assertKioskBuilt();
  // A worker may run this file's hooks more than once (fully parallel): each time a server
  // of its own, and never the address the last one printed.
  output = '';
  home = mkdtempSync(join(tmpdir(), 'kiosk-preview-home-'));
  // No SHOP_* variable and no kiosk config file of this machine's account: only the flags.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SHOP_')),
  );
  const child = spawn(
    join(ROOT, 'node_modules/.bin/tsx'),
    [
      'scripts/kiosk/start.ts',
      ...['--browser', '--no-build', '--port', '0'],
      ...['--languages=en,de', '--fleet-broker=mqtt://127.0.0.1:1883'],
    ],
    { cwd: ROOT, env: { ...env, XDG_CONFIG_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  preview = child;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(() => /running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1] ?? '', {
      timeout: 30_000,
    })
    .not.toBe('');
  origin = /running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1] ?? '';
});

test.afterAll(() => {
  preview?.kill('SIGTERM');
  rmSync(home, { recursive: true, force: true });
});

test('names, in one line, the flag only the Electron kiosk can honour', () => {
  expect(output.match(/cannot honour/g)).toHaveLength(1);
  expect(output).toContain('In a browser the kiosk cannot honour --fleet-broker:');
  expect(output).not.toMatch(/cannot honour[^\n]*languages/);
});

test('shows the kiosk with its accessibility bar, and the attract screen in the flag’s languages', async ({
  page,
  consoleErrors,
}) => {
  await page.clock.install();
  await page.goto(`${origin}/`);
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => typeof window.kiosk?.getConfig)).toBe('function');
  await expect(accessibilityButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Speech', exact: true })).toBeVisible();

  await runUntilIdlePrompt(page);
  await runSeconds(page, 16);
  await expect(attractScreen(page)).toBeVisible();
  const languages = page.getByRole('group', { name: 'Choose your language' });
  await expect(languages.getByRole('button')).toHaveText(['English', 'Deutsch']);
  expect(consoleErrors).toEqual([]);
});

test('sells on the embedded catalogue and shows the kiosk’s receipt, with its totals and QR', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${origin}/`);
  await header(page).getByRole('link', { name: 'Products', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await header(page)
    .getByRole('link', { name: /^Cart, / })
    .click();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
  const receipt = page.getByRole('region', { name: 'Your receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText('Tax (20%)')).toBeVisible();
  await expect(receipt.getByText('Paid', { exact: true })).toBeVisible();
  const id = await receipt.getByText(/^Receipt-\d+-\d+$/).innerText();
  await expect(receipt.getByRole('img', { name: `QR code of receipt ${id}` })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
