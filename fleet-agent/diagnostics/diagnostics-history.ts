/**
 * What a diagnostics bundle tells of the past: the last health reports the kiosk made, and
 * every change of its updater's state (checking, downloading, ready, an error) since it
 * started. Kept in memory only, each bounded, oldest dropped first.
 */
import type { KioskHealth } from '../../shared/fleet/payloads';

export const MAX_HEALTH_HISTORY = 60;
export const MAX_UPDATE_HISTORY = 50;

export type UpdateEntry = { at: string } & NonNullable<KioskHealth['update']>;

export interface DiagnosticsHistory {
  /** A health report as it was made; its `update` field feeds the update history too. */
  recordHealth(health: KioskHealth): void;
  health(): KioskHealth[];
  updates(): UpdateEntry[];
}

function push<T>(list: T[], item: T, max: number): void {
  list.push(item);
  list.splice(0, Math.max(0, list.length - max));
}

export function createDiagnosticsHistory(
  limits: { health?: number; updates?: number } = {},
): DiagnosticsHistory {
  const health: KioskHealth[] = [];
  const updates: UpdateEntry[] = [];
  let lastUpdate = '';
  return {
    recordHealth: (report) => {
      push(health, report, limits.health ?? MAX_HEALTH_HISTORY);
      if (report.update === null) return;
      // A change of state, version or error is an entry; the same state again is not.
      const key = JSON.stringify({ ...report.update, percent: undefined });
      if (key === lastUpdate) return;
      lastUpdate = key;
      push(updates, { at: report.at, ...report.update }, limits.updates ?? MAX_UPDATE_HISTORY);
    },
    health: () => health.map((report) => structuredClone(report)),
    updates: () => updates.map((entry) => ({ ...entry })),
  };
}
