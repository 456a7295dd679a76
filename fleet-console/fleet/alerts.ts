/**
 * The console's own at-a-glance alerts for the kiosks it sees, derived afresh from the
 * fleet state (so an alert clears by itself when its condition ends):
 *
 * - offline for more than OFFLINE_ALERT_MS, unless it went while asleep (store closed);
 * - printer out; catalogue stale (group-rollup.ts STALE_CATALOGUE_MINUTES); update failed;
 * - crash loop: the kiosk started again CRASH_LOOP_STARTS times within CRASH_LOOP_WINDOW_MS
 *   (its status names each start);
 * - group mismatch: its status names a store or region its certificate contradicts (a
 *   kiosk's login claiming another store: it stays in the certificate's, and says so here).
 *
 * Acknowledged and cleared alerts are the operator's marks (alert-marks.ts), keyed by the
 * alert's key: the same condition coming back later is a new alert with a new key.
 */
import { groupMismatch } from '@shared/fleet/trust/certified-groups';
import type { KioskState } from './fleet-state';
import { isAsleep, isStale, STALE_CATALOGUE_MINUTES } from './group-rollup';

export const OFFLINE_ALERT_MS = 5 * 60_000;
export const CRASH_LOOP_STARTS = 3;
export const CRASH_LOOP_WINDOW_MS = 10 * 60_000;

export type AlertKind = 'offline' | 'printer' | 'catalogue' | 'update' | 'crash-loop' | 'group';

export interface FleetAlert {
  /** Kiosk, kind and when it began: unique, and new when a condition comes back. */
  key: string;
  kioskId: string;
  kind: AlertKind;
  /** When the condition began, as far as the console knows (ms); null: before it connected. */
  since: number | null;
  text: string;
}

export const ALERT_LABELS: Record<AlertKind, string> = {
  offline: 'Offline',
  printer: 'Printer out',
  catalogue: 'Catalogue stale',
  update: 'Update failed',
  'crash-loop': 'Crash loop',
  group: 'Group mismatch',
};

const make = (
  kiosk: KioskState,
  kind: AlertKind,
  since: number | null,
  text: string,
): FleetAlert => ({
  key: `${kiosk.id}|${kind}|${since ?? 'before'}`,
  kioskId: kiosk.id,
  kind,
  since,
  text,
});

/** Whether the kiosk restarted often enough, lately enough, to be crash-looping. */
export function isCrashLooping(starts: readonly number[], now: number): boolean {
  return starts.filter((at) => now - at <= CRASH_LOOP_WINDOW_MS).length >= CRASH_LOOP_STARTS;
}

/** The alert of a kiosk whose own word contradicts its certificate, or null. */
function mismatchAlert(kiosk: KioskState): FleetAlert | null {
  const mismatch = groupMismatch(
    kiosk.enrolled ? { store: kiosk.store, region: kiosk.region } : null,
    kiosk.claimed,
  );
  if (!mismatch) return null;
  const parts = (['store', 'region'] as const).flatMap((kind) => {
    const found = mismatch[kind];
    return found ? [`${kind} ${found.claimed}; its certificate, ${kind} ${found.certified}`] : [];
  });
  const alert = make(kiosk, 'group', null, `Its status names ${parts.join('; and ')}`);
  // A new claim is a new alert: acknowledging one does not quiet the next.
  return {
    ...alert,
    key: `${alert.key}|${kiosk.claimed.store ?? ''}|${kiosk.claimed.region ?? ''}`,
  };
}

/** The alerts one kiosk raises now. */
export function kioskAlerts(kiosk: KioskState, now: number): FleetAlert[] {
  const alerts: FleetAlert[] = [];
  const mismatch = mismatchAlert(kiosk);
  if (mismatch) alerts.push(mismatch);
  if (kiosk.presence === 'offline' && !isAsleep(kiosk)) {
    // Offline before this console connected: how long is not known, so it counts at once.
    const since = kiosk.since;
    if (since === null || now - since > OFFLINE_ALERT_MS) {
      alerts.push(make(kiosk, 'offline', since, 'Offline for more than 5 minutes'));
    }
  }
  const health = kiosk.health;
  if (health?.printerAvailable === false) {
    alerts.push(make(kiosk, 'printer', null, 'The receipt printer is out or unavailable'));
  }
  if (isStale(kiosk)) {
    alerts.push(
      make(kiosk, 'catalogue', null, `Catalogue older than ${STALE_CATALOGUE_MINUTES} minutes`),
    );
  }
  if (health?.update?.state === 'error') {
    alerts.push(make(kiosk, 'update', null, 'The last update failed'));
  }
  if (isCrashLooping(kiosk.starts, now)) {
    alerts.push(
      make(
        kiosk,
        'crash-loop',
        kiosk.starts.at(-CRASH_LOOP_STARTS) ?? null,
        `Started ${CRASH_LOOP_STARTS} times within ${CRASH_LOOP_WINDOW_MS / 60_000} minutes`,
      ),
    );
  }
  return alerts;
}

const ORDER: Record<AlertKind, number> = {
  'crash-loop': 0,
  group: 1,
  offline: 2,
  update: 3,
  printer: 4,
  catalogue: 5,
};

const alertOrder = (a: FleetAlert, b: FleetAlert): number =>
  ORDER[a.kind] - ORDER[b.kind] || (a.kioskId < b.kioskId ? -1 : a.kioskId > b.kioskId ? 1 : 0);

/** Every alert of the fleet, the most serious kinds first, then by kiosk. */
export function fleetAlerts(kiosks: Iterable<KioskState>, now: number): FleetAlert[] {
  const alerts: FleetAlert[] = [];
  for (const kiosk of kiosks) alerts.push(...kioskAlerts(kiosk, now));
  return alerts.sort(alertOrder);
}

const NONE: readonly FleetAlert[] = [];

/**
 * fleetAlerts memoised on the kiosks map and a coarse clock: the page asks every frame and
 * with each tick of its clock, and counts again only when either changed. Each kiosk's
 * alerts are kept with the kiosk's state they came from, so a new map works out only the
 * kiosks that changed; a tick of the clock works them all out again.
 */
export function createAlertList(): (
  kiosks: ReadonlyMap<string, KioskState>,
  now: number,
) => FleetAlert[] {
  let last: { kiosks: ReadonlyMap<string, KioskState>; now: number; alerts: FleetAlert[] } | null =
    null;
  let perKiosk = new WeakMap<KioskState, readonly FleetAlert[]>();
  let cachedAt = Number.NaN;
  return (kiosks, now) => {
    if (last && last.kiosks === kiosks && last.now === now) return last.alerts;
    // The clock moved: the kiosks' alerts depend on it (offline for five minutes, crash loops).
    if (now !== cachedAt) {
      perKiosk = new WeakMap();
      cachedAt = now;
    }
    const alerts: FleetAlert[] = [];
    for (const kiosk of kiosks.values()) {
      let own = perKiosk.get(kiosk);
      if (own === undefined) {
        const found = kioskAlerts(kiosk, now);
        own = found.length === 0 ? NONE : found;
        perKiosk.set(kiosk, own);
      }
      for (const alert of own) alerts.push(alert);
    }
    alerts.sort(alertOrder);
    last = { kiosks, now, alerts };
    return alerts;
  };
}
