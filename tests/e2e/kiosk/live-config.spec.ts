/**
 * New idle times while the kiosk runs, across its three layers, without a relaunch:
 *
 * 1. Main, here in Node: the kiosk's real fleet wiring (setupFleet, remote-config.ts, the
 *    live config) on a real Mosquitto takes a config signed with Ed25519 and sends the
 *    page's settings on kiosk:config-changed (tests/support/kiosk-main-and-preload.ts).
 * 2. The preload, in Node too: the real bridge (electron/preload/activity-bridge.ts) takes
 *    that message, cloned as IPC clones it, and hands its listener the page's settings.
 * 3. The renderer, in Chromium: those very settings reach the kiosk build through the
 *    stand-in bridge's onConfigChanged (page.evaluate clones them, as contextBridge does),
 *    and the idle prompt then asks at the new time.
 *
 * Only Electron's own carrying of the message is played; every check on the way is real.
 */
import type { Page } from '@playwright/test';
import type { RendererConfig } from '../../../shared/bridge';
import { makeKeyPair, signFleetConfig } from '../../support/fleet-keys';
import { publishKioskConfig, startKioskMainAndPreload } from '../../support/kiosk-main-and-preload';
import { mosquittoUnavailable, startMosquitto } from '../../support/mosquitto';
import { expect, test } from '../support/fixtures';
import {
  assertKioskBuilt,
  attractScreen,
  idlePrompt,
  installBridge,
  openKiosk,
  playConfigChange,
  runSeconds,
  runUntil,
  touchedAt,
} from '../support/kiosk';
import { header } from '../support/ui';

test.beforeAll(assertKioskBuilt);

const KIOSK_ID = 'kiosk-live-config';
const PASSWORD = 'pw-live-config';

/**
 * What the page gets when the fleet signs these idle times for a kiosk that started with
 * 90 s and 15 s: main's message, through the real preload.
 */
async function signedSettingsThroughMainAndPreload(idle: {
  idleTimeoutSeconds: number;
  idleCountdownSeconds: number;
}): Promise<RendererConfig> {
  const broker = await startMosquitto({ kiosks: { [KIOSK_ID]: PASSWORD } });
  const signer = makeKeyPair();
  const kiosk = startKioskMainAndPreload(broker, {
    kioskId: KIOSK_ID,
    password: PASSWORD,
    configPublicKey: signer.publicText,
    config: { idleTimeoutSeconds: 90, idleCountdownSeconds: 15 },
  });
  try {
    await publishKioskConfig(
      broker,
      KIOSK_ID,
      signFleetConfig({ version: 1, target: KIOSK_ID, ...idle }, signer.privateKey, broker.prefix),
    );
    const settings = await kiosk.nextPageConfig(0);
    // The page gets exactly what main sent, once.
    expect(kiosk.sent.map(({ args }) => args)).toEqual([[settings]]);
    return settings;
  } finally {
    await kiosk.stop();
    await broker.dispose();
  }
}

/** The kiosk build with main's start-up times (90 s, 15 s), a shopper's last touch at its start. */
async function openShoppedKiosk(page: Page): Promise<number> {
  await page.clock.install();
  await installBridge(page, { config: { idleTimeoutSeconds: 90, idleCountdownSeconds: 15 } });
  await openKiosk(page);
  return touchedAt(page, () =>
    header(page).getByRole('link', { name: 'Products', exact: true }).click(),
  );
}

test('a signed config’s idle times reach the idle prompt without a relaunch', async ({ page }) => {
  const unavailable = mosquittoUnavailable();
  test.skip(unavailable !== null, `needs Mosquitto: ${unavailable ?? ''}`);
  const settings = await signedSettingsThroughMainAndPreload({
    idleTimeoutSeconds: 20,
    idleCountdownSeconds: 7,
  });
  expect(settings).toMatchObject({ idleTimeoutSeconds: 20, idleCountdownSeconds: 7 });

  const touched = await openShoppedKiosk(page);
  await runUntil(page, touched, 30_000);
  const changedAt = await playConfigChange(page, settings);

  // The wait starts again on the new time: not at the old 90 s, not at once though 30 s passed.
  await runUntil(page, changedAt, 19_000);
  await expect(idlePrompt(page)).toHaveCount(0);
  await runUntil(page, changedAt, 20_500);
  await expect(idlePrompt(page)).toBeVisible();
  await expect(idlePrompt(page).getByText(/^[67]$/)).toBeVisible();
  await runSeconds(page, 7);
  await expect(attractScreen(page)).toBeVisible();
});

test('settings from main that break the idle rule keep the times in force', async ({ page }) => {
  const touched = await openShoppedKiosk(page);
  const started = {
    catalogueUrl: 'app://shop/api',
    mode: 'kiosk',
    idleTimeoutSeconds: 90,
    idleCountdownSeconds: 15,
    catalogueMaxAgeMinutes: 60,
  };
  for (const broken of [
    { ...started, idleTimeoutSeconds: -20 },
    { ...started, idleTimeoutSeconds: 20, idleCountdownSeconds: 'soon' },
    { ...started, idleTimeoutSeconds: 1e12 },
    null,
    'idleTimeoutSeconds=20',
  ]) {
    await playConfigChange(page, broken);
  }
  await runUntil(page, touched, 89_000);
  await expect(idlePrompt(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await runUntil(page, touched, 90_500);
  await expect(idlePrompt(page)).toBeVisible();
  await expect(idlePrompt(page).getByText(/^1[45]$/)).toBeVisible();
});
