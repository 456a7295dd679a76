/**
 * The console rides out a broker restart: it says the connection is lost while the broker
 * is away, and comes back by itself (by the fleet's backoff with full jitter, no longer
 * MQTT.js's fixed period), with the kiosks' retained state again.
 */
import { expect, kioskRow, openConsole, requireMosquitto, test } from './support/fleet-rig';

requireMosquitto();

test('the console comes back by itself after the broker restarts', async ({ page, rig }) => {
  await rig.kiosk('kiosk-a');
  await openConsole(page, rig);
  await expect(kioskRow(page, 'kiosk-a')).toContainText('Online');
  const status = page.getByRole('status').filter({ hasText: /Retrying…|Connected to/ });

  await rig.broker.stop();
  await expect(status).toContainText('Retrying…');
  // Away for a while: several attempts fail, each waiting longer.
  await page.waitForTimeout(3000);
  await rig.broker.restart();
  // The longest wait after four failed attempts is under 16 s; the kiosk's own is under 8 s.
  await expect(status).toContainText(`Connected to ${rig.broker.wsUrl}`, { timeout: 30_000 });
  await expect(kioskRow(page, 'kiosk-a')).toContainText('Online', { timeout: 30_000 });
});
