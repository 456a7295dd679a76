/**
 * The counter against a real Mosquitto, in Chromium: a kiosk is enrolled in the console
 * (its pairing code compared, a certificate signed with the enrolment key loaded for the
 * session), its signed receipt is verified with WebCrypto, handed over once, and refused at
 * a second counter with its own broker login; the record survives a broker restart. Forged,
 * unenrolled, revoked, old, future-dated and tampered receipts are each refused with their
 * own reason.
 */
import mqtt from 'mqtt';
import type { Browser, Page } from '@playwright/test';
import { enrolmentRequestTopic, handoverTopic } from '../../../shared/fleet/trust/trust-topics';
import { kioskTopics } from '../../../shared/fleet/topics';
import { makeReceiptKey } from '../../support/fixtures/kiosk-certificate';
import { signedReceiptCode } from '../../support/fixtures/receipt';
import { expect, openConsole, requireMosquitto, test, type FleetRig } from './support/fleet-rig';

requireMosquitto();

const DAY = 24 * 60 * 60_000;
let receiptNumber = 0;
/** A fresh receipt, printed `ageMs` ago (negative: dated ahead). */
const receipt = (ageMs = 60_000) => {
  const t = Date.now() - ageMs;
  receiptNumber += 1;
  return {
    r: `Receipt-${t}-${receiptNumber % 1000}`,
    t,
    i: [
      [1, 2],
      [3, 1],
    ] as [number, number][],
    c: 12345,
  };
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

/** The second counter: its own `npm run fleet`, broker login and name, in its own browser. */
async function secondCounter(browser: Browser, rig: FleetRig): Promise<Page> {
  const origin = await rig.counterConsole('counter-2', 'Counter 2');
  const page = await (await browser.newContext()).newPage();
  await openConsole(page, rig, 'counter', origin);
  return page;
}

async function loadEnrolmentKey(page: Page, rig: FleetRig): Promise<void> {
  await page.getByLabel('Enrolment private key (PEM)').setInputFiles({
    name: 'fleet-enrolment.key',
    mimeType: 'text/plain',
    buffer: Buffer.from(rig.enrolmentKey.privatePem),
  });
  await expect(
    page.getByText('fleet-enrolment.key is loaded and matches the pinned key.'),
  ).toBeVisible();
}

test('enrol → sign → scan → hand over → a second counter refuses, also after a broker restart', async ({
  page,
  browser,
  rig,
}) => {
  test.setTimeout(90_000);
  const kiosk = await rig.kiosk('kiosk-a', 'attract', { enrol: false });
  const code = kiosk.kiosk.enrolment.pairingCode();
  expect(code).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  // Not enrolled yet: the kiosk signs nothing, so its QR keeps the plain receipt id.
  expect(kiosk.kiosk.signReceipt(receipt())).toBeNull();

  await openConsole(page, rig, 'enrolment');
  const waiting = page.getByRole('region', { name: /Waiting kiosks/ });
  await expect(waiting).toContainText('kiosk-a');
  // The code the console shows is the one on the kiosk's screen.
  await expect(waiting.getByText(`Pairing code ${code ?? ''}`)).toBeVisible();
  await loadEnrolmentKey(page, rig);
  await waiting.getByRole('button', { name: 'Approve kiosk-a' }).click();
  await expect(waiting).toContainText(`Does the screen of kiosk kiosk-a show ${code ?? ''}?`);
  await waiting.getByRole('button', { name: 'Yes, enrol kiosk-a' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enrolled kiosk-a' })).toBeVisible();
  await kiosk.enrolled();
  await expect(waiting).toContainText('No kiosk is waiting to be enrolled.');
  await expect(page.getByRole('table', { name: 'Kiosk certificates' })).toContainText('kiosk-a');

  // Counter 1 (the operator's console) checks and hands over.
  const order = receipt();
  await page.goto(`${rig.origin}/#/counter`);
  await scan(page, kiosk.receiptCode(order));
  const shown = page.getByRole('article', { name: order.r });
  await expect(shown).toContainText('Signature verified');
  await expect(shown).toContainText('kiosk-a · Main store');
  const items = shown.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(
    'Everyday Oxford Cotton Button-Down Shirt with Chest Pocket',
  );
  await expect(items.nth(0)).toContainText('× 2');
  await expect(shown).toContainText('$123.45');
  await shown.getByRole('button', { name: 'Hand over' }).click();
  await expect(shown.getByRole('alert')).toContainText('Hand over the goods. Recorded at');

  // Counter 2, another browser with its own login, refuses it at once.
  const other = await secondCounter(browser, rig);
  await scan(other, kiosk.receiptCode(order));
  const there = other.getByRole('article', { name: order.r });
  await expect(there.getByRole('alert')).toContainText(
    // The time alone on the same day (the date too only when the run crosses midnight).
    /Already collected at Counter 1, (\w{3} \d+, )?\d\d:\d\d\./,
  );
  await expect(there.getByRole('button', { name: 'Hand over' })).toHaveCount(0);

  // The record lives on the broker: it survives a restart, and both consoles reconnect.
  await rig.broker.restart();
  await expect(other.getByRole('status').filter({ hasText: 'Connected to' })).toBeVisible({
    timeout: 20_000,
  });
  await scan(other, kiosk.receiptCode(order));
  await expect(there.getByRole('alert')).toContainText('Already collected at Counter 1');
});

test('two counters pressing Hand over at the same moment hand the order over once', async ({
  page,
  browser,
  rig,
}) => {
  test.setTimeout(90_000);
  const kiosk = await rig.kiosk('kiosk-a');
  await openConsole(page, rig, 'counter');
  const other = await secondCounter(browser, rig);
  for (let round = 0; round < 3; round += 1) {
    const order = receipt();
    const code = kiosk.receiptCode(order);
    await Promise.all([scan(page, code), scan(other, code)]);
    const buttons = [page, other].map((counter) =>
      counter.getByRole('article', { name: order.r }).getByRole('button', { name: 'Hand over' }),
    );
    await Promise.all(buttons.map((button) => expect(button).toBeVisible()));
    await Promise.all(buttons.map((button) => button.click()));
    const outcomes = [page, other].map((counter) =>
      counter.getByRole('article', { name: order.r }).getByRole('alert'),
    );
    await Promise.all(outcomes.map((outcome) => expect(outcome).toBeVisible()));
    const texts = await Promise.all(outcomes.map((outcome) => outcome.textContent()));
    expect(
      texts.filter((text) => text?.startsWith('Hand over the goods')),
      texts.join(' | '),
    ).toHaveLength(1);
  }
});

test('without the broker the counter says it cannot confirm, staff decide, and a conflict found later is shown to staff and the operator', async ({
  page,
  browser,
  rig,
}) => {
  test.setTimeout(90_000);
  const kiosk = await rig.kiosk('kiosk-a');
  const offlineOrder = receipt();
  const clashingOrder = receipt();
  await openConsole(page, rig, 'counter');
  await scan(page, kiosk.receiptCode(clashingOrder));
  const clashing = page.getByRole('article', { name: clashingOrder.r });
  await expect(clashing.getByRole('button', { name: 'Hand over' })).toBeVisible();
  // Meanwhile another counter hands the same order over (its record reaches the broker)…
  const record = {
    type: 'collected',
    claim: 'b3RoZXItY291bnRlci1jbGFpbQ',
    counter: 'Counter 2',
    at: Date.now(),
  };
  const operator = await mqtt.connectAsync(rig.broker.tcpUrl, {
    ...rig.broker.operator,
    reconnectPeriod: 0,
  });
  await operator.publishAsync(
    handoverTopic(rig.broker.prefix, 'kiosk-a', clashingOrder.r),
    JSON.stringify(record),
    { qos: 1, retain: true },
  );
  await operator.endAsync();

  // …and then the broker goes away.
  await rig.broker.stop();
  await expect(page.getByRole('status').filter({ hasText: 'Retrying' })).toBeVisible({
    timeout: 20_000,
  });
  await clashing.getByRole('button', { name: 'Hand over' }).click();
  await expect(clashing.getByRole('alert')).toContainText(
    'Cannot confirm that this order was not already collected',
  );
  await clashing.getByRole('button', { name: 'Hand over anyway' }).click();
  await expect(clashing.getByRole('alert')).toContainText('sent as soon as the link returns');

  await scan(page, kiosk.receiptCode(offlineOrder));
  const offline = page.getByRole('article', { name: offlineOrder.r });
  await expect(offline.getByRole('alert')).toContainText('Cannot confirm');
  await offline.getByRole('button', { name: 'Hand over anyway' }).click();
  await expect(page.getByText('2 handovers made here are not on the broker yet')).toBeVisible();

  // The link returns: both are sent; one had been collected at Counter 2 meanwhile.
  await rig.broker.restart();
  const conflicts = page.getByRole('region', { name: /Handed over twice/ });
  await expect(conflicts).toContainText(clashingOrder.r, { timeout: 20_000 });
  await expect(conflicts).toContainText('Collected at Counter 2');
  await expect(page.getByText(/not on the broker yet/)).toHaveCount(0);
  await expect(offline.getByRole('alert')).toContainText('now recorded on the broker');

  // The operator sees the conflict too, and the offline handover as a record.
  const other = await (await browser.newContext()).newPage();
  await openConsole(other, rig, 'enrolment');
  await expect(other.getByRole('region', { name: /Handed over twice/ })).toContainText(
    clashingOrder.r,
  );
  await expect(other.getByRole('region', { name: 'Recent handovers' })).toContainText(
    offlineOrder.r,
  );
});

test('a key named only in a forged status, and an unenrolled kiosk, are refused', async ({
  page,
  rig,
}) => {
  const kiosk = await rig.kiosk('kiosk-a');
  await rig.kiosk('kiosk-b', 'attract', { enrol: false });
  // Whoever holds kiosk-a's broker login publishes its status with their own key…
  const forger = makeReceiptKey();
  const client = await mqtt.connectAsync(rig.broker.tcpUrl, {
    username: 'kiosk-a',
    password: 'kiosk-secret',
    reconnectPeriod: 0,
  });
  await client.publishAsync(
    kioskTopics(rig.broker.prefix, 'kiosk-a').status,
    JSON.stringify({
      state: 'online',
      version: '0.1.0',
      startedAt: new Date().toISOString(),
      publicKey: forger.publicText,
    }),
    { qos: 1, retain: true },
  );
  await client.endAsync();
  await openConsole(page, rig, 'counter');
  // …and signs a receipt for 50 units at a total of 0.
  await scan(
    page,
    signedReceiptCode({ ...receipt(), k: 'kiosk-a', i: [[1, 50]], c: 0 }, forger.privateKey),
  );
  await expect(page.getByRole('alert')).toContainText('Receipt refused');
  await expect(page.getByRole('alert')).toContainText(
    'does not match any enrolled key of kiosk "kiosk-a"',
  );

  // The real kiosk's receipts still verify.
  await scan(page, kiosk.receiptCode(receipt()));
  await expect(page.getByText('Signature verified')).toBeVisible();

  // kiosk-b waits to be enrolled: a code signed with its key is refused as not enrolled.
  const request = await rig.retained(enrolmentRequestTopic(rig.broker.prefix, 'kiosk-b'));
  expect(request).toContain('"kioskId":"kiosk-b"');
  await scan(page, signedReceiptCode({ ...receipt(), k: 'kiosk-b' }, forger.privateKey));
  await expect(page.getByRole('alert')).toContainText('Kiosk not enrolled');
});

test('a reinstalled kiosk’s earlier receipts still check until its old certificate is revoked; then they are refused, naming when and by which list', async ({
  page,
  rig,
}) => {
  test.setTimeout(90_000);
  const before = await rig.kiosk('kiosk-a', 'attract', { enrol: false });
  const oldSerial = await before.enrol();
  const printedBefore = before.receiptCode(receipt());
  // Reinstalled: the same kiosk id with a new key, enrolled afresh beside the old certificate.
  before.kill();
  const after = await rig.kiosk('kiosk-a');
  const printedAfter = after.receiptCode(receipt());
  await openConsole(page, rig, 'counter');
  for (const code of [printedBefore, printedAfter]) {
    await scan(page, code);
    await expect(page.getByText('Signature verified')).toBeVisible();
  }

  await page.goto(`${rig.origin}/#/enrolment`);
  await loadEnrolmentKey(page, rig);
  const table = page.getByRole('table', { name: 'Kiosk certificates' });
  await table.getByRole('button', { name: `Revoke certificate ${oldSerial} of kiosk-a` }).click();
  await table.getByRole('button', { name: 'Revoke now' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'revocation list version 1' }),
  ).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: oldSerial })).toContainText('Revoked');

  await page.goto(`${rig.origin}/#/counter`);
  await scan(page, printedBefore);
  await expect(page.getByRole('alert')).toContainText('Certificate revoked');
  await expect(page.getByRole('alert')).toContainText(
    /revoked on \w{3} \d+, \d\d:\d\d \(revocation list version 1\)/,
  );
  await scan(page, printedAfter);
  await expect(page.getByText('Signature verified')).toBeVisible();
});

test('old, future-dated, tampered and malformed codes are refused, each with its reason', async ({
  page,
  rig,
}) => {
  const kiosk = await rig.kiosk('kiosk-a');
  await openConsole(page, rig, 'counter');
  await scan(page, kiosk.receiptCode(receipt(15 * DAY)));
  await expect(page.getByRole('alert')).toContainText('Receipt too old');
  await expect(page.getByRole('alert')).toContainText('orders are held for 14 days');

  await scan(page, kiosk.receiptCode(receipt(-10 * 60_000)));
  await expect(page.getByRole('alert')).toContainText('Receipt dated in the future');
  await expect(page.getByRole('alert')).toContainText('more than 5 minutes ahead');

  const order = receipt();
  const [prefix, , signature] = kiosk.receiptCode(order).split('.');
  const cheaper = Buffer.from(JSON.stringify({ ...order, k: 'kiosk-a', c: 100 })).toString(
    'base64url',
  );
  await scan(page, `${prefix}.${cheaper}.${signature}`);
  await expect(page.getByRole('alert')).toContainText('Receipt refused');
  await expect(page.getByRole('alert')).toContainText('the code was altered');
  await expect(page.getByRole('article')).toHaveCount(0);

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

test('a pasted code is checked at once', async ({ page, rig }) => {
  const kiosk = await rig.kiosk('kiosk-a');
  await openConsole(page, rig, 'counter');
  await codeField(page).focus();
  const order = receipt();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, kiosk.receiptCode(order));
  await expect(page.getByRole('article', { name: order.r })).toContainText('Signature verified');
});
