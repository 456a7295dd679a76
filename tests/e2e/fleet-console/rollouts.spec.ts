/**
 * The Rollouts view against a real Mosquitto and kiosks running the kiosk's own fleet code:
 * the operator loads the config key for the session, starts a rollout on one named canary,
 * watches it pass its gate and widen to every kiosk, and a second console shows the same
 * state; a rollout is stopped and rolled back from the keyboard. Axe clean and 44 px targets
 * at 1366×768 and 1920×1080; with SCREENSHOTS=1 each size is also shot for people to judge.
 */
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import mqtt from 'mqtt';
import { startRollout } from '../../../fleet-console/rollouts/engine/rollout-controller';
import { kioskConfigTopic, rolloutTopic } from '../../../shared/fleet/topics';
import { makeKeyPair } from '../../support/fleet-keys';
import { expectNoViolations, undersized } from './support/a11y-checks';
import { expect, openConsole, requireMosquitto, test } from './support/fleet-rig';

requireMosquitto();

const OUT_DIR = resolve(__dirname, '../../../test-results/screenshots');
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];
const configKey = makeKeyPair();

const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({
    path: resolve(OUT_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
};

async function loadKey(page: Page) {
  await page.getByLabel('Config private key (PEM)').setInputFiles({
    name: 'fleet-config.key',
    mimeType: 'text/plain',
    buffer: Buffer.from(configKey.privatePem),
  });
  await expect(page.getByText('fleet-config.key is loaded')).toBeVisible();
}

async function startOnCanary(page: Page, title: string, canary: string, windowSeconds: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('First step', { exact: true }).selectOption('kiosks');
  await page.getByLabel('Canary kiosk ids').fill(canary);
  await page.getByLabel('Then (%)').fill('');
  await page.getByLabel('Gate window (s)').fill(windowSeconds);
  await page.getByRole('button', { name: 'Start the rollout' }).click();
}

/**
 * The start form's choices whose words do not fit their select (drawn in the select's own
 * font, less its padding and the arrow): "The whole f" for "The whole fleet".
 */
function cutChoices(page: Page): Promise<string[]> {
  return page
    .getByRole('region', { name: 'Start a rollout' })
    .locator('select')
    .evaluateAll((selects) =>
      selects.flatMap((element) => {
        const select = element as HTMLSelectElement;
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return ['no canvas'];
        context.font = style.font;
        const arrow = 20;
        const room =
          select.clientWidth -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight) -
          arrow;
        return [...select.options]
          .filter((option) => context.measureText(option.text).width > room)
          .map((option) => option.text);
      }),
    );
}

const card = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

for (const size of SIZES) {
  const name = `${size.width}x${size.height}`;
  test(`a rollout passes its gate on a canary and widens to every kiosk, at ${name}`, async ({
    browser,
    rig,
  }) => {
    test.setTimeout(90_000);
    for (const id of ['kiosk-a', 'kiosk-b', 'kiosk-c']) {
      await rig.kiosk(id, 'attract', { configPublicKey: configKey.publicText });
    }
    const context = await browser.newContext({
      viewport: size,
      reducedMotion: 'reduce',
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    const page = await context.newPage();
    await openConsole(page, rig, 'rollouts');
    await expect(page.getByRole('heading', { name: 'Staged rollouts' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start the rollout' })).toBeDisabled();
    await loadKey(page);
    expect(await cutChoices(page), `choices cut short at ${name}`).toEqual([]);
    await shot(page, `console-rollouts-start-${name}`);
    await startOnCanary(page, 'Idle 90', 'kiosk-a', '2');

    const rollout = card(page, 'Idle 90');
    await expect(rollout.getByText('Waiting for the health gate')).toBeVisible();
    await expect(rollout.getByText('Watched by this console.')).toBeVisible();
    const firstStep = rollout.getByRole('row', { name: /^1 \(now\)/ });
    await expect(firstStep).toContainText('kiosk kiosk-a');
    await expect(firstStep.getByRole('cell').nth(1)).toHaveText('1');
    await expect(firstStep.getByRole('cell').nth(3)).toHaveText('1');
    await expectNoViolations(page, `rollouts, waiting for the gate, ${name}`);
    expect(await undersized(page)).toEqual([]);
    await shot(page, `console-rollouts-gate-${name}`);

    // A second operator's console sees the same rollout, from the broker.
    const second = await context.browser()?.newPage({ viewport: size });
    if (!second) throw new Error('no second page');
    await openConsole(second, rig, 'rollouts', await rig.secondConsole());
    await expect(card(second, 'Idle 90').getByRole('row', { name: /^1 / })).toContainText(
      'kiosk kiosk-a',
    );

    await expect(rollout.getByText('Done')).toBeVisible({ timeout: 30_000 });
    await expect(card(second, 'Idle 90').getByText('Done')).toBeVisible();
    await expect(rollout.getByText(/Nobody watches it|Watched by/)).toHaveCount(0);
    // Every kiosk has its own signed config now, on its own topic.
    for (const id of ['kiosk-a', 'kiosk-b', 'kiosk-c']) {
      expect(await rig.retained(kioskConfigTopic(rig.broker.prefix, id))).toContain(
        '"idleTimeoutSeconds":90',
      );
    }
    await shot(page, `console-rollouts-done-${name}`);
    await second.close();
    await context.close();
  });
}

test('a rollout is stopped and rolled back from the keyboard, giving its canary back its config', async ({
  page,
  rig,
}) => {
  test.setTimeout(90_000);
  for (const id of ['kiosk-a', 'kiosk-b']) {
    await rig.kiosk(id, 'attract', { configPublicKey: configKey.publicText });
  }
  await openConsole(page, rig, 'rollouts');
  await loadKey(page);
  // A long window: the gate does not pass while the operator decides.
  await startOnCanary(page, 'Printer B', 'kiosk-b', '3600');
  const rollout = card(page, 'Printer B');
  await expect(rollout.getByText('Waiting for the health gate')).toBeVisible();

  await rollout.getByRole('button', { name: 'Stop' }).focus();
  await page.keyboard.press('Enter');
  await expect(rollout.getByText('Stopped', { exact: true })).toBeVisible();
  await expect(rollout.getByRole('button', { name: 'Resume' })).toBeVisible();

  await rollout.getByRole('button', { name: 'Roll back' }).focus();
  await page.keyboard.press('Enter');
  await rollout.getByRole('button', { name: 'Yes, roll back' }).focus();
  await page.keyboard.press('Enter');
  await expect(rollout.getByText('Rolled back', { exact: true })).toBeVisible();
  // kiosk-b had no config of its own: it gets a signed withdrawal; kiosk-a never got anything.
  await expect
    .poll(() => rig.retained(kioskConfigTopic(rig.broker.prefix, 'kiosk-b')))
    .toContain('"tombstone":true');
  expect(await rig.retained(kioskConfigTopic(rig.broker.prefix, 'kiosk-a'))).toBeNull();
  const state = await rig.retained(
    rolloutTopic(rig.broker.prefix, (await rolloutIdOf(page)) ?? 'x'),
  );
  expect(state).toContain('"phase":"rolled-back"');
});

test('a rollout nobody watches shows paused, and widens only once the operator resumes it', async ({
  page,
  rig,
}) => {
  test.setTimeout(90_000);
  await rig.kiosk('kiosk-c', 'attract', { configPublicKey: configKey.publicText });
  // A rollout left by a console that closed a minute ago: its lease has lapsed.
  const then = Date.now() - 60_000;
  const left = startRollout(
    {
      id: 'left-behind',
      title: 'Left behind',
      payload: { kind: 'config', keys: { idleTimeoutSeconds: 75 } },
      scope: { kind: 'all' },
      steps: [{ kind: 'kiosks', kioskIds: ['kiosk-c'] }, { kind: 'all' }],
      gate: { windowSeconds: 1, maxFailing: 0, crashLoopRestarts: 3 },
      notAfter: new Date(Date.now() + 86_400_000).toISOString(),
      createdAt: then,
    },
    'console-gone',
    then,
  );
  const operator = await mqtt.connectAsync(rig.broker.watchUrl, {
    ...rig.broker.operator,
    reconnectPeriod: 0,
  });
  await operator.publishAsync(
    rolloutTopic(rig.broker.prefix, 'left-behind'),
    JSON.stringify(left),
    {
      qos: 1,
      retain: true,
    },
  );
  await operator.endAsync();
  await openConsole(page, rig, 'rollouts');
  const rollout = card(page, 'Left behind');
  await expect(rollout.getByText('Paused: nobody watches it')).toBeVisible();
  await expect(rollout.getByText(/widens only once an operator resumes it/)).toBeVisible();
  await expect(rollout.getByRole('button', { name: 'Resume' })).toBeDisabled();
  await expectNoViolations(page, 'rollouts, paused');
  // Nothing was delivered while nobody watched.
  expect(await rig.retained(kioskConfigTopic(rig.broker.prefix, 'kiosk-c'))).toBeNull();
  await loadKey(page);
  await rollout.getByRole('button', { name: 'Resume' }).click();
  await expect(rollout.getByText('Done')).toBeVisible({ timeout: 30_000 });
  expect(await rig.retained(kioskConfigTopic(rig.broker.prefix, 'kiosk-c'))).toContain(
    '"idleTimeoutSeconds":75',
  );
});

async function rolloutIdOf(page: Page): Promise<string | null> {
  return page
    .getByRole('heading', { name: /Printer B/ })
    .locator('span')
    .textContent();
}
