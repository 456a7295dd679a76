/**
 * The kiosks view against a real Mosquitto: kiosks appear and go offline, a command's
 * acknowledgements arrive per kiosk, a screenshot is shown, and a signed config is
 * compared and published retained to its topic.
 */
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
  await expect(page.getByRole('row').nth(1)).toContainText('kiosk-b');
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
  const inForce = { config: { version: 3, target: 'all', idleTimeoutSeconds: 60 }, signature };
  const { default: mqtt } = await import('mqtt');
  const operator = await mqtt.connectAsync(rig.broker.tcpUrl, {
    ...rig.broker.operator,
    reconnectPeriod: 0,
  });
  await operator.publishAsync(topic, JSON.stringify(inForce), { qos: 1, retain: true });
  await operator.endAsync();

  await openConsole(page, rig);
  const panel = page.getByRole('region', { name: 'Signed configuration' });
  const file = panel.getByLabel('Signed config file (.json)');

  const stale = { config: { version: 3, target: 'all', idleTimeoutSeconds: 90 }, signature };
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

  const next = {
    config: { version: 4, target: 'all', idleTimeoutSeconds: 90, printer: { enabled: false } },
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
