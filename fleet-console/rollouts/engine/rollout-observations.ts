/**
 * What the health gate knows of each kiosk, folded from its status and health: online or
 * not, its restarts (each new start time in its status), the config version and refusals
 * its health reports, its app version and update state. Pure folds over plain facts, so
 * the console (from the views its broker worker read) and the tests (from raw messages,
 * rollout-watch.ts) build the same observations.
 */
import { z } from 'zod';
import { parseHealthLenient } from '@shared/fleet/payloads';
import type { KioskObservation } from './rollout-gate';
import type { Delivery } from './rollout-state';

export interface ObservedKiosk {
  online: boolean;
  /** The start time its status reported (ms), or null. */
  startedAt: number | null;
  /** When each restart was seen (ms), the last 100. */
  restarts: number[];
  configVersion: number | null;
  appVersion: string | null;
  refusals: { at: number; topic: string; reason: string }[];
  update: { state: string; at: number } | null;
}

/** A status as the gate uses it. */
export interface StatusFacts {
  online: boolean;
  startedAt: number | null;
  version: string | null;
}

/** A health report as the gate uses it; undefined fields were not reported. */
export interface HealthFacts {
  /** When it was sent (ms), or null. */
  at: number | null;
  version?: string | null;
  config?: {
    version: number | null;
    refusals: { at: string; topic: string; reason: string }[];
  } | null;
  update?: { state: string } | null;
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

export function foldStatus(entry: ObservedKiosk, status: StatusFacts, at: number): ObservedKiosk {
  if (!status.online) return { ...entry, online: false };
  const restarted =
    status.startedAt !== null && entry.startedAt !== null && status.startedAt !== entry.startedAt;
  return {
    ...entry,
    online: true,
    startedAt: status.startedAt ?? entry.startedAt,
    appVersion: status.version ?? entry.appVersion,
    restarts: restarted ? [...entry.restarts, at].slice(-MAX_RESTARTS_KEPT) : entry.restarts,
  };
}

export function foldHealth(entry: ObservedKiosk, health: HealthFacts): ObservedKiosk {
  const { config, update } = health;
  return {
    ...entry,
    configVersion: config ? config.version : entry.configVersion,
    refusals: config
      ? config.refusals.map((refusal) => ({
          at: Date.parse(refusal.at),
          topic: refusal.topic,
          reason: refusal.reason,
        }))
      : entry.refusals,
    appVersion: health.version ?? entry.appVersion,
    update:
      update === undefined
        ? entry.update
        : update === null
          ? null
          : { state: update.state, at: health.at ?? 0 },
  };
}

const statusFields = z.looseObject({
  state: z.string(),
  startedAt: z.string().max(64).optional(),
  version: z.string().max(64).optional(),
});

/** A raw status message's facts, or null when it is not a status. */
export function statusFacts(value: unknown): StatusFacts | null {
  const parsed = statusFields.safeParse(value);
  if (!parsed.success) return null;
  const started =
    parsed.data.startedAt === undefined ? Number.NaN : Date.parse(parsed.data.startedAt);
  return {
    online: parsed.data.state === 'online',
    startedAt: Number.isFinite(started) ? started : null,
    version: parsed.data.version ?? null,
  };
}

/** A raw health message's facts: each field only when it passes its schema. */
export function healthFacts(value: unknown): HealthFacts {
  const read = parseHealthLenient(value);
  const sentAt = read.at === undefined ? Number.NaN : Date.parse(read.at);
  return {
    at: Number.isFinite(sentAt) ? sentAt : null,
    ...(read.version === undefined ? {} : { version: read.version }),
    ...(read.config === undefined ? {} : { config: read.config }),
    ...(read.update === undefined ? {} : { update: read.update }),
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
