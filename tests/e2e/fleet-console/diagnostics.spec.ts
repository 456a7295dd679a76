/**
 * Diagnostics from the console, against a real Mosquitto and a kiosk on the kiosk's own
 * fleet code: the kiosk's details ask for the bundle, the chunks arrive over the console's
 * WebSockets listener, the digest is checked in the page, and the bundle downloads as a real
 * .json.gz file that opens to the kiosk's redacted state. A kiosk serving a shopper refuses,
 * and the panel says why.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, kioskRow, openConsole, requireMosquitto, test } from './support/fleet-rig';

requireMosquitto();

test('a kiosk’s diagnostics download as a verified .json.gz', async ({ page, rig }, testInfo) => {
  await rig.kiosk('kiosk-a');
  await openConsole(page, rig);
  await kioskRow(page, 'kiosk-a').getByRole('button', { name: 'kiosk-a' }).click();
  const details = page.getByRole('region', { name: 'Kiosk kiosk-a' });
  await details.getByRole('button', { name: 'Gather diagnostics' }).click();
  const link = details.getByRole('link', { name: 'Download diagnostics (.gz)' });
  await expect(link).toBeVisible();
  await expect(details.getByRole('status').filter({ hasText: 'SHA-256 verified' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^diagnostics-kiosk-a-.+\.json\.gz$/);
  const file = testInfo.outputPath('diagnostics.json.gz');
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(
    await link.getAttribute('data-sha256'),
  );
  const bundle = JSON.parse(gunzipSync(bytes).toString('utf8')) as Record<string, unknown>;
  expect(bundle).toMatchObject({ format: 'kiosk-shop-diagnostics/1', kioskId: 'kiosk-a' });
  expect(bundle.log).toEqual(
    expect.arrayContaining([expect.stringContaining('Fleet: connecting')]),
  );
  expect(bundle.config).toMatchObject({ 'fleet.password': { value: '', source: 'defaults' } });
});

test('a kiosk serving a shopper refuses, and the panel says why', async ({ page, rig }) => {
  await rig.kiosk('kiosk-b', 'shopping');
  await openConsole(page, rig);
  await kioskRow(page, 'kiosk-b').getByRole('button', { name: 'kiosk-b' }).click();
  const details = page.getByRole('region', { name: 'Kiosk kiosk-b' });
  await details.getByRole('button', { name: 'Gather diagnostics' }).click();
  await expect(details.getByText('Failed: busy: a shopper is using the kiosk')).toBeVisible();
  await expect(details.getByRole('link', { name: /Download diagnostics/ })).toHaveCount(0);
});
