/**
 * The kiosks view against a real Mosquitto and kiosks running the kiosk's own fleet code:
 * kiosks appear and go offline, a command's acknowledgements arrive per kiosk (at once, or
 * when a deferred one is carried out), a screenshot is shown, and a signed config is
 * compared, published retained, and taken or refused by the kiosks as they report.
 */
import { generateKeyPairSync } from 'node:crypto';
import { rawPublicKey } from '../../../fleet-agent/identity/ed25519';
import { signConfig } from '../../../tools/signing/fleet-signing';
import { expect, kioskRow, openConsole, requireMosquitto, test } from './support/fleet-rig';

requireMosquitto();

test('kiosks appear online with their health, and a dead one shows offline', async ({
  page,
  rig,
}) => {
  await rig.kiosk('kiosk-a');
  const b = await rig.kiosk('kiosk-b', 'shopping');
  await openConsole(page, rig);
  const online = page.getByRole('definition').nth(1);
  const offline = page.getByRole('definition').nth(2);
  await expect(kioskRow(page, 'kiosk-a')).toContainText('Online');
  await expect(kioskRow(page, 'kiosk-b')).toContainText('Shopping');
  await expect(kioskRow(page, 'kiosk-a')).toContainText('0.1.0');
  await expect(kioskRow(page, 'kiosk-a').getByRole('img', { name: /^Memory/ })).toBeVisible();
  await expect(online).toHaveText('2');

  // A crash, not a goodbye: the broker publishes the Last Will.
  b.kill();
  await expect(kioskRow(page, 'kiosk-b')).toContainText('Offline');
  await expect(kioskRow(page, 'kiosk-b')).toContainText(/since /);
  // Offline first: the dead kiosk moves to the top.
  await expect(
    page.getByRole('table', { name: 'Kiosks, one row each' }).getByRole('row').nth(1),
  ).toContainText('kiosk-b');
  await expect(offline).toHaveText('1');
  await expect(online).toHaveText('1');
});

test('a ping to all kiosks is acknowledged by each, and announced', async ({ page, rig }) => {
  await rig.kiosk('kiosk-a');
  await rig.kiosk('kiosk-b');
  await openConsole(page, rig);
  await expect(kioskRow(page, 'kiosk-b')).toContainText('Online');
  await page.getByRole('button', { name: 'Send ping' }).click();
  const sent = page.getByRole('listitem').filter({ hasText: 'to all kiosks' });
  await expect(sent).toContainText('ping: 2 of 2 acknowledged, 0 errors');
  await sent.getByText('Acknowledgements (2)').click();
  await expect(sent.getByRole('listitem').filter({ hasText: 'kiosk-a' })).toContainText('OK');
  await expect(sent.getByRole('listitem').filter({ hasText: 'kiosk-b' })).toContainText('OK');
  await expect(
    page.getByRole('status').filter({ hasText: 'ping: 2 of 2 acknowledged' }),
  ).toBeAttached();
});

test('a command to one kiosk: its refusal arrives with the reason', async ({ page, rig }) => {
  await rig.kiosk('kiosk-a', 'shopping');
  await openConsole(page, rig);
  await kioskRow(page, 'kiosk-a').getByRole('button', { name: 'kiosk-a' }).click();
  await page.getByRole('radio', { name: /Selected kiosk/ }).check();
  await page.getByRole('combobox', { name: 'Command' }).selectOption('screenshot');
  await page.getByRole('button', { name: 'Send screenshot' }).click();
  await expect(
    page.getByText('screenshot refused by kiosk-a: not on the attract screen'),
  ).toBeVisible();
});

test('a deferred command is acknowledged once the kiosk is free', async ({ page, rig }) => {
  const a = await rig.kiosk('kiosk-a', 'shopping');
  await openConsole(page, rig);
  await kioskRow(page, 'kiosk-a').getByRole('button', { name: 'kiosk-a' }).click();
  await page.getByRole('radio', { name: /Selected kiosk/ }).check();
  await page.getByRole('combobox', { name: 'Command' }).selectOption('refresh-catalogue');
  await page.getByRole('button', { name: 'Send refresh-catalogue' }).click();
  await expect(
    page.getByText('refresh-catalogue sent to kiosk-a, awaiting its acknowledgement'),
  ).toBeVisible();
  // The kiosk's own safe-moment rule holds it while a shopper is there.
  await page.waitForTimeout(1000);
  expect(a.kiosk.carriedOut['refresh-catalogue']).toBe(0);
  a.kiosk.app.setScreen('attract');
  await expect(page.getByText('refresh-catalogue acknowledged by kiosk-a')).toBeVisible();
  expect(a.kiosk.carriedOut['refresh-catalogue']).toBe(1);
});

test('the last screenshot of a kiosk is shown', async ({ page, rig }) => {
  await rig.kiosk('kiosk-a');
  await openConsole(page, rig);
  await kioskRow(page, 'kiosk-a').getByRole('button', { name: 'kiosk-a' }).click();
  const details = page.getByRole('region', { name: 'Kiosk kiosk-a' });
  await expect(details.getByText('No screenshot yet.')).toBeVisible();
  await details.getByRole('button', { name: 'Take a screenshot' }).click();
  const image = details.getByRole('img', { name: 'The attract screen of kiosk-a' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});

test('a signed config is compared with the one in force and published retained', async ({
  page,
  rig,
}) => {
  await rig.kiosk('kiosk-a');
  const topic = `${rig.broker.prefix}/fleet/config`;
  const signature = 'S'.repeat(86);
  const bound = {
    prefix: rig.broker.prefix,
    notAfter: new Date(Date.now() + 86_400_000).toISOString(),
  };
  const inForce = {
    config: { version: 3, target: 'all', ...bound, idleTimeoutSeconds: 60 },
    signature,
  };
  const { default: mqtt } = await import('mqtt');
  const operator = await mqtt.connectAsync(rig.broker.watchUrl, {
    ...rig.broker.operator,
    reconnectPeriod: 0,
  });
  await operator.publishAsync(topic, JSON.stringify(inForce), { qos: 1, retain: true });
  await operator.endAsync();

  await openConsole(page, rig);
  const panel = page.getByRole('region', { name: 'Signed configuration' });
  const file = panel.getByLabel('Signed config file (.json)');

  const stale = {
    config: { version: 3, target: 'all', ...bound, idleTimeoutSeconds: 90 },
    signature,
  };
  await file.setInputFiles({
    name: 'stale.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(stale)),
  });
  await expect(panel.getByRole('alert')).toContainText('already in force');
  await expect(panel.getByRole('button', { name: 'Publish version 3' })).toBeDisabled();

  await file.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"config":'),
  });
  await expect(panel.getByRole('alert')).toContainText(
    'broken.json cannot be published: it is not valid JSON',
  );

  const elsewhere = {
    config: { version: 4, target: 'all', ...bound, prefix: 'another-fleet' },
    signature,
  };
  await file.setInputFiles({
    name: 'elsewhere.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(elsewhere)),
  });
  await expect(panel.getByRole('alert')).toContainText('(wrong prefix)');
  await expect(panel.getByRole('button', { name: 'Publish version 4' })).toBeDisabled();

  const next = {
    config: {
      version: 4,
      target: 'all',
      ...bound,
      idleTimeoutSeconds: 90,
      printer: { enabled: false },
    },
    signature,
  };
  await file.setInputFiles({
    name: 'v4.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(next)),
  });
  await expect(panel).toContainText('Version 3 is in force.');
  const diff = panel.getByRole('table', { name: /Changes against the config in force/ });
  await expect(diff.getByRole('row', { name: /idleTimeoutSeconds/ })).toContainText(
    /Changed\s*60\s*90/,
  );
  await expect(diff.getByRole('row', { name: /printer\.enabled/ })).toContainText('New');
  await panel.getByRole('button', { name: 'Publish version 4' }).click();
  await expect(panel.getByRole('status')).toContainText(`Published (retained) to ${topic}`);
  expect(JSON.parse((await rig.retained(topic)) ?? 'null')).toEqual(next);
});

test('a signed config published from the console is taken by a kiosk with the key and refused by one without', async ({
  page,
  rig,
}) => {
  const { privateKey } = generateKeyPairSync('ed25519');
  await rig.kiosk('kiosk-a', 'attract', { configPublicKey: rawPublicKey(privateKey) });
  await rig.kiosk('kiosk-b');
  const signed = signConfig({ version: 7, target: 'all', idleTimeoutSeconds: 90 }, privateKey, {
    prefix: rig.broker.prefix,
  });

  await openConsole(page, rig);
  const panel = page.getByRole('region', { name: 'Signed configuration' });
  await panel.getByLabel('Signed config file (.json)').setInputFiles({
    name: 'idle.signed.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(signed)),
  });
  await panel.getByRole('button', { name: 'Publish version 7' }).click();
  await expect(panel.getByRole('status')).toContainText('Published (retained)');

  // Each kiosk reports what it did with it in its health, which the details show.
  await kioskRow(page, 'kiosk-a').getByRole('button', { name: 'kiosk-a' }).click();
  const a = page.getByRole('region', { name: 'Kiosk kiosk-a' });
  await expect(a.getByRole('definition').filter({ hasText: /^7$/ })).toBeVisible();
  await expect(a.getByText('Config refusals')).toHaveCount(0);
  await kioskRow(page, 'kiosk-b').getByRole('button', { name: 'kiosk-b' }).click();
  const b = page.getByRole('region', { name: 'Kiosk kiosk-b' });
  await expect(b.getByRole('listitem').filter({ hasText: 'no public key' })).toBeVisible();
  await expect(b.getByText('Remote config version').locator('xpath=..')).toContainText('none');

  // A signed tombstone withdraws it; the console says what it is before it is published.
  const withdrawal = signConfig({ version: 8, target: 'all', tombstone: true }, privateKey, {
    prefix: rig.broker.prefix,
  });
  await panel.getByLabel('Signed config file (.json)').setInputFiles({
    name: 'withdraw.signed.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(withdrawal)),
  });
  await expect(panel.getByRole('definition').filter({ hasText: /^Tombstone/ })).toBeVisible();
  await expect(panel.getByRole('definition').filter({ hasText: rig.broker.prefix })).toBeVisible();
  await expect(panel.getByRole('row', { name: /idleTimeoutSeconds/ })).toContainText('Removed');
  await panel.getByRole('button', { name: 'Publish withdrawal, version 8' }).click();
  await expect(panel.getByRole('status')).toContainText('Published (retained)');
  await kioskRow(page, 'kiosk-a').getByRole('button', { name: 'kiosk-a' }).click();
  await expect(a.getByText('Remote config version').locator('xpath=..')).toContainText('none');
});
