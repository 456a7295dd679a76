/**
 * What a link or a hostile message can do to the console, against a real Mosquitto and
 * `npm run fleet` serving the operator's password. A link naming another broker
 * (`?broker=`) is a second WebSocket listener started here on 127.0.0.1: it must never
 * receive an MQTT CONNECT carrying the operator's password, whatever the operator then
 * chooses; the console asks first and connects nowhere meanwhile. A link naming a
 * catalogue is asked about too. A kiosk's health message over its topic's limit is counted
 * and dropped, and the console stays connected.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { jsonOfSize } from '../../support/fixtures/hostile-payloads';
import { expect, kioskRow, openConsole, requireMosquitto, test } from './support/fleet-rig';
import { expectNoViolations } from './support/a11y-checks';

requireMosquitto();

/** A WebSocket listener that accepts anything and keeps every byte it is sent. */
async function startStrangerListener(): Promise<{
  url: string;
  received: () => Buffer;
  connections: () => number;
  close: () => Promise<void>;
}> {
  const http: Server = createServer();
  const sockets = new WebSocketServer({ server: http });
  const chunks: Buffer[] = [];
  let connections = 0;
  sockets.on('connection', (socket) => {
    connections += 1;
    socket.on('message', (data: Buffer) => chunks.push(Buffer.from(data)));
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    received: () => Buffer.concat(chunks),
    connections: () => connections,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((done) => http.close(() => done()));
    },
  };
}

test('a link naming another broker asks first, and that broker never gets the operator’s password', async ({
  page,
  rig,
}) => {
  const stranger = await startStrangerListener();
  const password = Buffer.from(rig.broker.operator.password);
  try {
    await page.goto(`${rig.origin}/?broker=${encodeURIComponent(stranger.url)}#/kiosks`);
    const dialog = page.getByRole('dialog', { name: 'Connection' });
    // Nothing connects by itself: not while the page loads, nor while the question is open.
    await page.waitForTimeout(1500);
    expect(stranger.received().includes(password)).toBe(false);
    expect(stranger.connections()).toBe(0);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The link you opened asks to change these settings');
    await expect(dialog).toContainText(`Broker: ${stranger.url}`);
    await expect(dialog.getByLabel('Password')).toHaveValue('');
    await expect(dialog.getByLabel('User name')).toHaveValue('');
    await expectNoViolations(page, 'connection dialog opened by a link');
    expect(stranger.connections()).toBe(0);

    // Keeping their own settings: the console connects to the broker npm run fleet named.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Connected to ${rig.broker.wsUrl}` }),
    ).toBeVisible();
    expect(stranger.connections()).toBe(0);
    // The link was answered: a reload does not ask again.
    await page.reload();
    await expect(
      page.getByRole('status').filter({ hasText: `Connected to ${rig.broker.wsUrl}` }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    // Choosing the link's broker: it is reached, with no password and no user name.
    await page.goto(`${rig.origin}/?broker=${encodeURIComponent(stranger.url)}#/kiosks`);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => stranger.received().length).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(stranger.received().includes(password)).toBe(false);
    expect(stranger.received().includes(Buffer.from(rig.broker.operator.username))).toBe(false);
  } finally {
    await stranger.close();
  }
});

test('changing the broker in the connection form empties a password it did not type', async ({
  page,
  rig,
}) => {
  const stranger = await startStrangerListener();
  try {
    await openConsole(page, rig);
    await page.getByRole('button', { name: 'Connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connection' });
    const broker = dialog.getByLabel('Broker (MQTT over WebSockets)');
    const passwordField = dialog.getByLabel('Password');
    await expect(passwordField).toHaveValue(rig.broker.operator.password);
    await broker.fill(stranger.url);
    await expect(passwordField).toHaveValue('');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => stranger.received().length).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(stranger.received().includes(Buffer.from(rig.broker.operator.password))).toBe(false);
  } finally {
    await stranger.close();
  }
});

test('a link naming a catalogue asks before the counter reads titles from it', async ({
  page,
  rig,
}) => {
  await page.goto(
    `${rig.origin}/?catalogue=${encodeURIComponent('https://titles.invalid/api')}#/counter`,
  );
  const dialog = page.getByRole('dialog', { name: 'Connection' });
  await expect(dialog).toContainText('Catalogue URL: https://titles.invalid/api');
  // The broker is the served one: its password stays, as the operator can see.
  await expect(dialog.getByLabel('Password')).toHaveValue(rig.broker.operator.password);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Connected to ${rig.broker.wsUrl}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Connection' }).click();
  await expect(dialog.getByLabel('Catalogue URL')).toHaveValue('/api');
});

test('a kiosk’s health message over health’s limit is dropped and counted; the console stays connected', async ({
  page,
  rig,
}) => {
  await rig.kiosk('kiosk-a');
  await openConsole(page, rig);
  await expect(kioskRow(page, 'kiosk-a')).toContainText('Online');
  const { default: mqtt } = await import('mqtt');
  // Another kiosk's login, writing the one health topic the ACL lets it write: its own.
  const kiosk = await mqtt.connectAsync(rig.broker.tcpUrl, {
    username: 'kiosk-b',
    password: 'kiosk-secret',
    reconnectPeriod: 0,
  });
  // Twice health's limit, far below the broker's.
  await kiosk.publishAsync(
    `${rig.broker.prefix}/kiosks/kiosk-b/health`,
    Buffer.from(jsonOfSize(128 * 1024)),
    { qos: 1, retain: true },
  );
  await kiosk.endAsync();
  await expect(page.getByText('1 malformed messages from kiosks were ignored.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    page.getByRole('status').filter({ hasText: `Connected to ${rig.broker.wsUrl}` }),
  ).toBeVisible();
  await expect(kioskRow(page, 'kiosk-a')).toContainText('Online');
  await expect(kioskRow(page, 'kiosk-b')).toHaveCount(0);
});
