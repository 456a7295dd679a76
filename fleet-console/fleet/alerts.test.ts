// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { onlineStatus } from '../../tests/support/fixtures/kiosk-status';
import { health, message, offline, PREFIX } from '../test/messages';
import { createAlertList, fleetAlerts, OFFLINE_ALERT_MS, type FleetAlert } from './alerts';
import { applyMessages, emptyFleet, type FleetState } from './fleet-state';

const status = (id: string, state: 'online' | 'asleep', startedAt: string, receivedAt = 1_000) =>
  message(`kiosks/${id}/status`, { ...onlineStatus({ startedAt }), state }, { receivedAt });

const START = '2026-11-23T10:00:00.000Z';
const kinds = (alerts: FleetAlert[]) => alerts.map((alert) => `${alert.kioskId}:${alert.kind}`);

function fleetOf(messages: Parameters<typeof applyMessages>[1]): FleetState {
  return applyMessages(emptyFleet(), messages, PREFIX);
}

describe('the console’s alerts', () => {
  it('raises offline only after five minutes, and never for a kiosk that went while asleep', () => {
    const state = fleetOf([
      status('gone', 'online', START),
      offline('gone', { receivedAt: 10_000 }),
      status('night', 'asleep', START),
      offline('night', { receivedAt: 10_000 }),
    ]);
    expect(kinds(fleetAlerts(state.kiosks.values(), 10_000 + OFFLINE_ALERT_MS))).toEqual([]);
    expect(kinds(fleetAlerts(state.kiosks.values(), 10_001 + OFFLINE_ALERT_MS))).toEqual([
      'gone:offline',
    ]);
  });

  it('counts a kiosk already offline when the console connected at once', () => {
    const state = fleetOf([offline('before', { retained: true, receivedAt: 1_000 })]);
    expect(kinds(fleetAlerts(state.kiosks.values(), 1_000))).toEqual(['before:offline']);
  });

  it('raises printer out, stale catalogue and a failed update, and clears each when it ends', () => {
    const bad = fleetOf([
      status('k1', 'online', START),
      health('k1', {
        printer: { available: false },
        catalogue: { source: 'embedded', products: 3, ageMinutes: 500 },
        update: { state: 'error', error: 'checksum mismatch' },
      }),
    ]);
    expect(kinds(fleetAlerts(bad.kiosks.values(), 2_000))).toEqual([
      'k1:update',
      'k1:printer',
      'k1:catalogue',
    ]);
    const fixed = applyMessages(bad, [health('k1', {}, 3_000)], PREFIX);
    expect(fleetAlerts(fixed.kiosks.values(), 3_000)).toEqual([]);
  });

  it('treats an asleep kiosk as normal', () => {
    const state = fleetOf([status('sleepy', 'asleep', START), health('sleepy', { asleep: true })]);
    expect(fleetAlerts(state.kiosks.values(), 1_000_000)).toEqual([]);
  });

  it('raises a crash loop when a kiosk starts three times within ten minutes', () => {
    const at = (minute: number) => new Date(Date.parse(START) + minute * 60_000).toISOString();
    const now = Date.parse(START) + 9 * 60_000;
    const looping = fleetOf([
      status('loop', 'online', at(0)),
      status('loop', 'online', at(4)),
      status('loop', 'online', at(8)),
    ]);
    expect(kinds(fleetAlerts(looping.kiosks.values(), now))).toEqual(['loop:crash-loop']);
    // The same starts, an hour on: no longer a loop.
    expect(fleetAlerts(looping.kiosks.values(), now + 3_600_000)).toEqual([]);
    // A redelivered status is not a new start.
    const redelivered = fleetOf([
      status('calm', 'online', at(0)),
      status('calm', 'online', at(0)),
      status('calm', 'online', at(0)),
    ]);
    expect(fleetAlerts(redelivered.kiosks.values(), now)).toEqual([]);
  });

  it('gives a condition that comes back a new key, so an old acknowledgement does not hide it', () => {
    const first = fleetOf([status('k', 'online', START), offline('k', { receivedAt: 1_000 })]);
    const [once] = fleetAlerts(first.kiosks.values(), 1_000 + OFFLINE_ALERT_MS + 1);
    const again = applyMessages(
      first,
      [status('k', 'online', START, 2_000_000), offline('k', { receivedAt: 3_000_000 })],
      PREFIX,
    );
    const [twice] = fleetAlerts(again.kiosks.values(), 3_000_000 + OFFLINE_ALERT_MS + 1);
    expect(once?.key).toBeDefined();
    expect(twice?.key).toBeDefined();
    expect(twice?.key).not.toBe(once?.key);
  });

  it('counts again only when the kiosks or the clock change', () => {
    const state = fleetOf([offline('x', { retained: true })]);
    const list = createAlertList();
    const alerts = list(state.kiosks, 60_000);
    expect(list(state.kiosks, 60_000)).toBe(alerts);
    expect(list(state.kiosks, 120_000)).not.toBe(alerts);
  });
});
