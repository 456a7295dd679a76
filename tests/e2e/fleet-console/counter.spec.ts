/**
 * The counter against a real shop service (its own process, PGlite in a temporary folder,
 * serving the console) and a real Mosquitto, in Chromium. A kiosk is enrolled in the
 * operator's console (its pairing code compared, a certificate signed with the enrolment key
 * loaded for the session, retained for the kiosk and posted to the service); its signed
 * receipt is checked by the service and handed over once: two counters pressing Hand over
 * at the same moment are told once to hand over, and the other reads "Already collected at
 * Counter N, HH:MM". While the service cannot be reached, staff may hand over anyway: the
 * handover is kept across a reload and sent when the service is back, and a conflict with
 * another counter's handover is shown to staff and the operator. A revocation is the
 * service's, and no broker message takes it back. Forged, unenrolled, old, future-dated and
 * tampered receipts are each refused with their own reason.
 */
import mqtt from 'mqtt';
import type { Browser, Page } from '@playwright/test';
import { revocationsTopic } from '../../../shared/fleet/trust/trust-topics';
import { kioskTopics } from '../../../shared/fleet/topics';
import { makeReceiptKey } from '../../support/fixtures/kiosk-certificate';
import { signedReceiptCode } from '../../support/fixtures/receipt';
import {
  expect as rigExpect,
  openConsole,
  openCounter,
  requireMosquitto,
  signIn,
  test,
  type FleetRig,
} from './support/fleet-rig';
import { askAgainUntil, holdPageClock } from './support/service-clock';

requireMosquitto();

/** Each look waits on the shop service too (a process of its own, PGlite behind it). */
const expect = rigExpect.configure({ timeout: 20_000 });
// Each test starts its own service (from a data folder made once per worker).
test.describe.configure({ timeout: 180_000 });

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

/** "Already collected at Counter 2, 14:03." (the date too only when the run crosses midnight). */
const collectedAt = (counter: string) =>
  new RegExp(`Already collected at ${counter}, (\\w{3} \\d+, )?\\d\\d:\\d\\d\\.`);

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

/** Another counter: its own browser, the page the service serves, its own login. */
async function secondCounter(browser: Browser, rig: FleetRig, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openCounter(page, rig, username);
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

test('a console logged in as a counter shows the counter, not the fleet it cannot see', async ({
  browser,
  rig,
}) => {
  const origin = await rig.counterConsole('counter-2');
  const page = await (await browser.newContext()).newPage();
  // Even a link to the fleet's views opens the counter.
  await openConsole(page, rig, 'kiosks', origin);
  await expect(page.getByRole('heading', { level: 1, name: 'Counter' })).toBeVisible();
  const views = page.getByRole('navigation', { name: 'Views' }).getByRole('link');
  await expect(views).toHaveText(['Counter']);
  await expect(page.getByText('Signed in as counter-2: a pickup counter')).toBeVisible();
  await expect(page.getByText('No kiosk has reported yet')).toHaveCount(0);
  await page.goto(`${origin}/#/rollouts`);
  await expect(page.getByRole('heading', { level: 1, name: 'Counter' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Rollouts|Signed configuration/ })).toHaveCount(0);
});

test('enrol → sign → scan → hand over → a second counter is told where and when it was collected', async ({
  page,
  browser,
  rig,
}) => {
  test.setTimeout(240_000);
  const kiosk = await rig.kiosk('kiosk-a', 'attract', { enrol: false });
  const code = kiosk.kiosk.enrolment.pairingCode();
  expect(code).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  // Not enrolled yet: the kiosk signs nothing, so its QR keeps the plain receipt id.
  expect(kiosk.kiosk.signReceipt(receipt())).toBeNull();
  await rig.shop();

  // The operator's console, served by npm run fleet, signs in to the service on another origin.
  await holdPageClock(page);
  await openConsole(page, rig, 'enrolment');
  await signIn(page, 'operator');
  const waiting = page.getByRole('region', { name: /Waiting kiosks/ });
  await expect(waiting).toContainText('kiosk-a');
  await expect(waiting.getByText(`Pairing code ${code ?? ''}`)).toBeVisible();
  await loadEnrolmentKey(page, rig);
  await waiting.getByRole('button', { name: 'Approve kiosk-a' }).click();
  await expect(waiting).toContainText(`Does the screen of kiosk kiosk-a show ${code ?? ''}?`);
  await waiting.getByRole('button', { name: 'Yes, enrol kiosk-a' }).click();
  // The view's own note (the announcer says it too, out of sight).
  const enrolled = page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: 'Enrolled kiosk-a' });
  await expect(enrolled).toBeVisible();
  // The certificate reached the service too: nothing is left to send it.
  await expect(enrolled).not.toContainText('did not keep');
  await kiosk.enrolled();
  await expect(page.getByRole('table', { name: 'Kiosk certificates' })).toContainText('kiosk-a');

  // Counter 1, on the page the service serves, checks and hands over.
  const counter = await secondCounter(browser, rig, 'counter-1');
  const order = receipt();
  await scan(counter, kiosk.receiptCode(order));
  const shown = counter.getByRole('article', { name: order.r });
  await expect(shown).toContainText('Signature verified');
  await expect(shown).toContainText('kiosk-a · main-store');
  const items = shown.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(shown).toContainText('$123.45');
  await shown.getByRole('button', { name: 'Hand over' }).click();
  await expect(shown.getByRole('alert')).toContainText('Hand over the goods. Recorded at');

  // Counter 2, another browser with its own login, is told where and when.
  const other = await secondCounter(browser, rig, 'counter-2');
  await scan(other, kiosk.receiptCode(order));
  const there = other.getByRole('article', { name: order.r });
  await expect(there.getByRole('alert')).toContainText(collectedAt('Counter 1'));
  await expect(there.getByRole('button', { name: 'Hand over' })).toHaveCount(0);

  // The record is the service's: it survives a restart of the service and of the broker.
  const shop = await rig.shop();
  await shop.stop();
  await shop.start();
  await rig.broker.restart();
  await scan(other, kiosk.receiptCode(order));
  await expect(there.getByRole('alert')).toContainText(collectedAt('Counter 1'));

  // The operator sees it among the recent handovers, at the list's next refresh.
  await askAgainUntil(
    page,
    () =>
      expect(page.getByRole('region', { name: 'Recent handovers' })).toContainText(order.r, {
        timeout: 3_000,
      }),
    20_000,
  );
});

test('two counters pressing Hand over at the same moment: exactly one is told to hand over', async ({
  browser,
  rig,
}) => {
  test.setTimeout(240_000);
  const kiosk = await rig.kiosk('kiosk-a');
  const counters = await Promise.all(
    ['counter-1', 'counter-2'].map((user) => secondCounter(browser, rig, user)),
  );
  for (let round = 0; round < 3; round += 1) {
    const order = receipt();
    const code = kiosk.receiptCode(order);
    await Promise.all(counters.map((page) => scan(page, code)));
    const buttons = counters.map((page) =>
      page.getByRole('article', { name: order.r }).getByRole('button', { name: 'Hand over' }),
    );
    await Promise.all(buttons.map((button) => expect(button).toBeVisible()));
    await Promise.all(buttons.map((button) => button.click()));
    const outcomes = counters.map((page) =>
      page.getByRole('article', { name: order.r }).getByRole('alert'),
    );
    await Promise.all(outcomes.map((outcome) => expect(outcome).toBeVisible()));
    const texts = await Promise.all(outcomes.map((outcome) => outcome.textContent()));
    const won = texts.filter((text) => text?.startsWith('Hand over the goods'));
    expect(won, texts.join(' | ')).toHaveLength(1);
    const winner = texts.indexOf(won[0] ?? '') === 0 ? 'Counter 1' : 'Counter 2';
    const lost = texts.find((text) => !text?.startsWith('Hand over the goods')) ?? '';
    expect(lost).toMatch(collectedAt(winner));
  }
});

test('without the service, staff hand over anyway: kept across a reload, sent when it is back, a conflict shown to staff and the operator', async ({
  page,
  browser,
  rig,
}) => {
  test.setTimeout(300_000);
  const kiosk = await rig.kiosk('kiosk-a');
  const shop = await rig.shop();
  const offlineOrder = receipt();
  const clashingOrder = receipt();

  // This counter uses the console npm run fleet serves: its page loads while the service is away.
  await holdPageClock(page);
  await page.goto(`${rig.origin}/#/counter`);
  await signIn(page, 'counter-1');
  // A first look while the service answers gives the counter its copy of the certificates
  // and revocations, for checks while it cannot be reached.
  await expect(page.getByText(/^Revocation list from/)).toBeVisible();
  await scan(page, kiosk.receiptCode(clashingOrder));
  const clashing = page.getByRole('article', { name: clashingOrder.r });
  await expect(clashing.getByRole('button', { name: 'Hand over' })).toBeVisible();

  // Meanwhile Counter 2 hands the same order over…
  const other = await secondCounter(browser, rig, 'counter-2');
  await scan(other, kiosk.receiptCode(clashingOrder));
  await other.getByRole('button', { name: 'Hand over' }).click();
  await expect(other.getByRole('alert')).toContainText('Hand over the goods');

  // …and then the service goes away.
  await shop.stop();
  await clashing.getByRole('button', { name: 'Hand over' }).click();
  await expect(clashing.getByRole('alert')).toContainText(
    'Cannot confirm that this order was not already collected (the shop service cannot be reached)',
  );
  await clashing.getByRole('button', { name: 'Hand over anyway' }).click();
  await expect(clashing.getByRole('alert')).toContainText('The shop service does not have it yet');

  // A receipt scanned while the service is away is checked here, against the kept copy.
  await scan(page, kiosk.receiptCode(offlineOrder));
  const offline = page.getByRole('article', { name: offlineOrder.r });
  await expect(offline).toContainText('Checked on this counter');
  await expect(offline.getByRole('alert')).toContainText('Cannot confirm');
  await offline.getByRole('button', { name: 'Hand over anyway' }).click();
  await expect(
    page.getByText('2 handovers made here are not at the shop service yet'),
  ).toBeVisible();
  // A forged code is refused here too, service or not.
  await scan(page, signedReceiptCode({ ...receipt(), k: 'kiosk-a' }, makeReceiptKey().privateKey));
  await expect(page.getByRole('alert').first()).toContainText('Receipt refused');

  // A reload (a closed tab, a crash) loses nothing.
  await page.reload();
  await expect(
    page.getByText('2 handovers made here are not at the shop service yet'),
  ).toBeVisible();

  // The service is back: both are sent at the page's next try; the clash is kept beside
  // Counter 2's and shown.
  await shop.start();
  const conflicts = page.getByRole('region', { name: /Handed over twice/ });
  await askAgainUntil(
    page,
    () => expect(conflicts).toContainText(clashingOrder.r, { timeout: 3_000 }),
    45_000,
  );
  await expect(conflicts).toContainText('Collected at Counter 2');
  await expect(conflicts).toContainText('handed over again at Counter 1');
  await expect(page.getByText(/not at the shop service yet/)).toHaveCount(0);

  // Counter 2 sees it too, and the operator, with the offline handover among the records.
  await other.reload();
  await expect(other.getByRole('region', { name: /Handed over twice/ })).toContainText(
    clashingOrder.r,
  );
  const operator = await (await browser.newContext()).newPage();
  await openConsole(operator, rig, 'enrolment');
  await signIn(operator, 'operator');
  await expect(operator.getByRole('region', { name: /Handed over twice/ })).toContainText(
    clashingOrder.r,
  );
  await expect(operator.getByRole('region', { name: 'Recent handovers' })).toContainText(
    offlineOrder.r,
  );
  // Dismissed by the operator: gone for everyone.
  await operator
    .getByRole('button', { name: `Dismiss the conflict of ${clashingOrder.r}` })
    .click();
  await expect(operator.getByRole('region', { name: /Handed over twice/ })).toHaveCount(0);
  // The counter hears of it at its list's next refresh.
  await askAgainUntil(
    page,
    () =>
      expect(page.getByRole('region', { name: /Handed over twice/ })).toHaveCount(0, {
        timeout: 3_000,
      }),
    30_000,
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
  await openCounter(page, rig, 'counter-1');
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
  await scan(page, signedReceiptCode({ ...receipt(), k: 'kiosk-b' }, forger.privateKey));
  await expect(page.getByRole('alert')).toContainText('Kiosk not enrolled');
});

test('a revoked certificate’s receipts are refused, and no broker message takes the revocation back', async ({
  page,
  browser,
  rig,
}) => {
  test.setTimeout(240_000);
  const before = await rig.kiosk('kiosk-a', 'attract', { enrol: false });
  const oldSerial = await before.enrol();
  const printedBefore = before.receiptCode(receipt());
  // Reinstalled: the same kiosk id with a new key, enrolled afresh beside the old certificate.
  before.kill();
  const after = await rig.kiosk('kiosk-a');
  const printedAfter = after.receiptCode(receipt());
  const counter = await secondCounter(browser, rig, 'counter-1');
  for (const code of [printedBefore, printedAfter]) {
    await scan(counter, code);
    await expect(counter.getByText('Signature verified')).toBeVisible();
  }

  await openConsole(page, rig, 'enrolment');
  await signIn(page, 'operator');
  await loadEnrolmentKey(page, rig);
  const table = page.getByRole('table', { name: 'Kiosk certificates' });
  await table.getByRole('button', { name: `Revoke certificate ${oldSerial} of kiosk-a` }).click();
  await table.getByLabel(`Reason for revoking ${oldSerial}`).fill('reinstalled');
  await table.getByRole('button', { name: 'Revoke now' }).click();
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Revoked certificate ${oldSerial}` }),
  ).toContainText('the kiosks were told');
  await expect(table.getByRole('row').filter({ hasText: oldSerial })).toContainText('Revoked');

  await scan(counter, printedBefore);
  await expect(counter.getByRole('alert')).toContainText('Certificate revoked');
  await expect(counter.getByRole('alert')).toContainText('(reinstalled)');
  await scan(counter, printedAfter);
  await expect(counter.getByText('Signature verified')).toBeVisible();

  // Whoever holds the operator's broker login clears the kiosks' list: counters go by the
  // service, and the revoked key stays revoked.
  const operator = await mqtt.connectAsync(rig.broker.tcpUrl, {
    ...rig.broker.operator,
    reconnectPeriod: 0,
  });
  await operator.publishAsync(revocationsTopic(rig.broker.prefix), '', { qos: 1, retain: true });
  await operator.endAsync();
  await scan(counter, printedBefore);
  await expect(counter.getByRole('alert')).toContainText('Certificate revoked');
});

test('old, future-dated, tampered and malformed codes are refused, each with its reason', async ({
  page,
  rig,
}) => {
  const kiosk = await rig.kiosk('kiosk-a');
  await openCounter(page, rig, 'counter-1');
  await scan(page, kiosk.receiptCode(receipt(15 * DAY)));
  await expect(page.getByRole('alert')).toContainText('Receipt too old');
  await expect(page.getByRole('alert')).toContainText('more than 14 days old');

  await scan(page, kiosk.receiptCode(receipt(-10 * 60_000)));
  await expect(page.getByRole('alert')).toContainText('Receipt dated in the future');

  const order = receipt();
  const [prefix, , signature] = kiosk.receiptCode(order).split('.');
  const cheaper = Buffer.from(JSON.stringify({ ...order, k: 'kiosk-a', c: 100 })).toString(
    'base64url',
  );
  await scan(page, `${prefix}.${cheaper}.${signature}`);
  await expect(page.getByRole('alert')).toContainText('Receipt refused');
  await expect(page.getByRole('alert')).toContainText('the code was altered');
  await expect(page.getByRole('article')).toHaveCount(0);

  for (const text of [
    'Receipt-1700000000000-42',
    'KSR1.bm90IGpzb24.AAAA',
    'https://example.com/',
  ]) {
    await typeAndEnter(page, text);
    await expect(page.getByRole('alert')).toContainText('Not a valid receipt');
  }
});

test('a pasted code is checked at once', async ({ page, rig }) => {
  const kiosk = await rig.kiosk('kiosk-a');
  await openCounter(page, rig, 'counter-1');
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

test('signing in: a wrong password says so, five lock the login and say until when; a device token works', async ({
  page,
  rig,
}) => {
  const shop = await rig.shop();
  await page.goto(`${shop.origin}/#/counter`);
  const card = page.getByRole('region', { name: 'Sign in to the shop service' });
  await card.getByRole('button', { name: 'Sign in' }).click();
  await expect(card.getByRole('alert')).toHaveText('Enter your username and password.');
  // Four wrong passwords are each told so; the fifth locks the login and says until when.
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await card.getByLabel('Username').fill('counter-1');
    await card.getByLabel('Password', { exact: true }).fill(`wrong password ${attempt}`);
    await card.getByRole('button', { name: 'Sign in' }).click();
    // Sign in clears the last answer as it sends, so this is the answer to this try.
    await expect(card.getByRole('alert')).toHaveText('Wrong username or password.');
    await expect(card.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  }
  const locked = /this login is locked until (\w{3} \d+, )?\d\d:\d\d \(1[45] more minutes\)/;
  await card.getByLabel('Username').fill('counter-1');
  await card.getByLabel('Password', { exact: true }).fill('wrong password 5');
  await card.getByRole('button', { name: 'Sign in' }).click();
  await expect(card.getByRole('alert')).toContainText(locked);
  // Locked means locked: the right password does not open it either.
  await expect(card.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await card.getByLabel('Username').fill('counter-1');
  await card.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await card.getByRole('button', { name: 'Sign in' }).click();
  await expect(card.getByRole('alert')).toContainText(locked);
  await expect(page.getByText(/^Signed in as/)).toBeHidden();

  // A device token, issued by the operator, signs the counter in and survives a reload.
  await card.getByText('Use a device token instead').click();
  await card.getByLabel('Device token').fill(shop.counterToken);
  await card.getByRole('button', { name: 'Use this token' }).click();
  await expect(page.getByText(/^Signed in as Counter 3 PC/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/^Signed in as Counter 3 PC/)).toBeVisible();
  await expect(codeField(page)).toBeVisible();
});
