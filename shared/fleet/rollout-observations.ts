/**
 * What the health gate knows of each kiosk, folded from its status and health messages:
 * online or not, its restarts (each new startedAt in its status), the config version and
 * refusals its health reports, its app version and update state. Pure folds, so the console
 * and the tests build the same observations from the same messages.
 */
import { z } from 'zod';
import { parseHealthLenient } from './payloads';
import type { KioskObservation } from './rollout-gate';
import type { Delivery } from './rollout-state';

export interface ObservedKiosk {
  online: boolean;
  startedAt: string | null;
  /** When each restart was seen (ms), the last 100. */
  restarts: number[];
  configVersion: number | null;
  appVersion: string | null;
  refusals: { at: number; topic: string; reason: string }[];
  update: { state: string; at: number } | null;
}

const MAX_RESTARTS_KEPT = 100;

export const unseenKiosk = (): ObservedKiosk => ({
  online: false,
  startedAt: null,
  restarts: [],
  configVersion: null,
  appVersion: null,
  refusals: [],
  update: null,
});

const statusFields = z.looseObject({
  state: z.string(),
  startedAt: z.string().max(64).optional(),
  version: z.string().max(64).optional(),
});

/** Folds a status message (any JSON value: an unreadable one changes nothing). */
export function foldStatus(entry: ObservedKiosk, status: unknown, at: number): ObservedKiosk {
  const parsed = statusFields.safeParse(status);
  if (!parsed.success) return entry;
  const { state, startedAt, version } = parsed.data;
  if (state !== 'online') return { ...entry, online: false };
  const restarted =
    startedAt !== undefined && entry.startedAt !== null && startedAt !== entry.startedAt;
  return {
    ...entry,
    online: true,
    startedAt: startedAt ?? entry.startedAt,
    appVersion: version ?? entry.appVersion,
    restarts: restarted ? [...entry.restarts, at].slice(-MAX_RESTARTS_KEPT) : entry.restarts,
  };
}

/** Folds a health message (any JSON value: each field is used only when it passes). */
export function foldHealth(entry: ObservedKiosk, health: unknown): ObservedKiosk {
  const read = parseHealthLenient(health);
  const sentAt = read.at === undefined ? Number.NaN : Date.parse(read.at);
  return {
    ...entry,
    configVersion: read.config ? read.config.version : entry.configVersion,
    refusals: read.config
      ? read.config.refusals.map((refusal) => ({
          at: Date.parse(refusal.at),
          topic: refusal.topic,
          reason: refusal.reason,
        }))
      : entry.refusals,
    appVersion: read.version ?? entry.appVersion,
    update:
      read.update === undefined
        ? entry.update
        : read.update === null
          ? null
          : { state: read.update.state, at: Number.isFinite(sentAt) ? sentAt : 0 },
  };
}

/** The gate's view of each kiosk that received the rollout, restarts counted since then. */
export function observationsFor(
  delivered: readonly Delivery[],
  kiosks: ReadonlyMap<string, ObservedKiosk>,
): Map<string, KioskObservation> {
  const result = new Map<string, KioskObservation>();
  for (const delivery of delivered) {
    const entry = kiosks.get(delivery.kioskId);
    if (!entry) continue;
    result.set(delivery.kioskId, {
      online: entry.online,
      restartsSince: entry.restarts.filter((time) => time >= delivery.at).length,
      configVersion: entry.configVersion,
      appVersion: entry.appVersion,
      refusals: entry.refusals,
      update: entry.update,
    });
  }
  return result;
}
