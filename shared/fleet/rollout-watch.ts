/**
 * What a console keeps to drive and show rollouts, folded from the broker's messages:
 * every kiosk's status and health (as gate observations and as group facts), the config
 * retained on every kiosk's own topic (what a rollout must give back), and every rollout's
 * state. Pure data in, nothing published: the console's page and the tests feed it the
 * same messages and read the same answers.
 */
import { readJsonBytes } from './operator-signature';
import { configEnvelopeSchema, MAX_CONFIG_BYTES, RESERVED_CONFIG_FIELDS } from './payloads';
import type { FleetKiosk } from './rollout-controller';
import { foldHealth, foldStatus, unseenKiosk, type ObservedKiosk } from './rollout-observations';
import { kioskFacts, type KioskFacts } from './rollout-selector';
import { readRolloutState, type PreviousConfig, type RolloutState } from './rollout-state';
import { parseKioskTopic, parseRolloutTopic } from './topics';

export interface RolloutWatch {
  /** Folds one message; whether it was one the watch keeps. */
  receive(topic: string, payload: Uint8Array, at: number): boolean;
  kiosks(): ReadonlyMap<string, ObservedKiosk>;
  fleet(): FleetKiosk[];
  previous(kioskId: string): PreviousConfig;
  /** Each rollout's latest readable state; null when its last message was unreadable. */
  rollouts(): ReadonlyMap<string, RolloutState | null>;
}

/** Status and health are small; nothing larger is read (the broker worker's limits). */
const MAX_STATUS_BYTES = 4096;
const MAX_HEALTH_BYTES = 65_536;

export function createRolloutWatch(prefix: string): RolloutWatch {
  const observed = new Map<string, ObservedKiosk>();
  const facts = new Map<string, KioskFacts>();
  const configs = new Map<string, PreviousConfig>();
  const rollouts = new Map<string, RolloutState | null>();

  const readConfig = (payload: Uint8Array): PreviousConfig | null => {
    const parsed = configEnvelopeSchema.safeParse(readJsonBytes(payload, MAX_CONFIG_BYTES));
    if (!parsed.success) return null;
    const { config } = parsed.data;
    const keys = Object.fromEntries(
      Object.entries(config).filter(
        ([name]) => !(RESERVED_CONFIG_FIELDS as readonly string[]).includes(name),
      ),
    );
    return {
      version: config.version,
      keys: config.tombstone === true ? null : keys,
      notAfter: config.tombstone === true ? null : config.notAfter,
    };
  };

  return {
    receive: (topic, payload, at) => {
      const rolloutId = parseRolloutTopic(prefix, topic);
      if (rolloutId !== null) {
        if (payload.byteLength === 0) rollouts.delete(rolloutId);
        else {
          const state = readRolloutState(payload);
          rollouts.set(rolloutId, state && state.plan.id === rolloutId ? state : null);
        }
        return true;
      }
      const parsed = parseKioskTopic(prefix, topic);
      if (!parsed) return false;
      const { kioskId, kind } = parsed;
      const entry = observed.get(kioskId) ?? unseenKiosk();
      switch (kind) {
        case 'status': {
          const value = readJsonBytes(payload, MAX_STATUS_BYTES);
          observed.set(kioskId, foldStatus(entry, value, at));
          facts.set(kioskId, kioskFacts(kioskId, value));
          return true;
        }
        case 'health':
          observed.set(kioskId, foldHealth(entry, readJsonBytes(payload, MAX_HEALTH_BYTES)));
          return true;
        case 'config': {
          const config = payload.byteLength === 0 ? null : readConfig(payload);
          // An unreadable config keeps the version known before: a rollback must go above it.
          if (config) configs.set(kioskId, config);
          return true;
        }
        default:
          return false;
      }
    },
    kiosks: () => observed,
    fleet: () =>
      [...observed.entries()].map(([kioskId, entry]) => ({
        ...(facts.get(kioskId) ?? { kioskId }),
        online: entry.online,
      })),
    previous: (kioskId) => configs.get(kioskId) ?? { version: 0, keys: null, notAfter: null },
    rollouts: () => rollouts,
  };
}
