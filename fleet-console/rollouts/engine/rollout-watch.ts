/**
 * What a console keeps to drive and show rollouts: every kiosk's status and health (as gate
 * observations), the config retained on every kiosk's own topic (what a rollout must give
 * back), every rollout's state, and the groups each kiosk's certificate names (handed in
 * by the console's page, which verified them: certify). Nothing is published here. The
 * console's page feeds it the views its broker worker read; `receive` takes raw messages
 * (the tests, a script) and reads them with the same rules.
 *
 * A kiosk's store and region are its certificate's alone. Where the console verifies
 * certificates (an enrolment key is pinned), only kiosks with a certificate in force are in
 * the fleet a rollout reaches: an id that nothing but a status names is no kiosk of it.
 * At most MAX_FLEET_KIOSKS kiosks are kept, certified ones first (shared/fleet/kiosk-bound.ts).
 */
import { readJsonBytes } from '@shared/fleet/trust/operator-signature';
import {
  configEnvelopeSchema,
  MAX_CONFIG_BYTES,
  RESERVED_CONFIG_FIELDS,
  type ConfigEnvelope,
} from '@shared/fleet/payloads';
import type { CertifiedGroups } from '@shared/fleet/trust/certified-groups';
import { createKioskBound, MAX_FLEET_KIOSKS } from '@shared/fleet/kiosk-bound';
import type { FleetKiosk } from './rollout-controller';
import {
  foldHealth,
  foldStatus,
  healthFacts,
  statusFacts,
  unseenKiosk,
  type HealthFacts,
  type ObservedKiosk,
  type StatusFacts,
} from './rollout-observations';
import { certifiedFacts } from './rollout-selector';
import { readRolloutState, type PreviousConfig, type RolloutState } from './rollout-state';
import { parseKioskTopic, parseRolloutTopic } from '@shared/fleet/topics';

export interface RolloutWatch {
  /** Folds one raw message; whether it was one the watch keeps. */
  receive(topic: string, payload: Uint8Array, at: number): boolean;
  /** A kiosk's status (its groups, if it names any, are not read: certify gives them). */
  status(kioskId: string, status: StatusFacts, at: number): void;
  health(kioskId: string, health: HealthFacts): void;
  /** The envelope retained on a kiosk's own config topic (null: empty or unreadable). */
  config(kioskId: string, envelope: ConfigEnvelope | null): void;
  /** A rollout's state (null: unreadable; undefined: emptied from the broker). */
  rollout(rolloutId: string, state: RolloutState | null | undefined): void;
  /**
   * The groups each kiosk's certificate in force names, as the console verified them; with
   * `required`, a kiosk without one is in no rollout's fleet.
   */
  certify(certified: ReadonlyMap<string, CertifiedGroups>, required: boolean): void;
  kiosks(): ReadonlyMap<string, ObservedKiosk>;
  fleet(): FleetKiosk[];
  previous(kioskId: string): PreviousConfig;
  /** Each rollout's latest readable state; null when its last message was unreadable. */
  rollouts(): ReadonlyMap<string, RolloutState | null>;
  /** Messages about kiosks past the bound, not kept. */
  dropped(): number;
}

/** Status and health are small; nothing larger is read (the broker worker's limits). */
const MAX_STATUS_BYTES = 4096;
const MAX_HEALTH_BYTES = 65_536;

/** What a kiosk has on its own config topic, from the envelope retained there. */
export function previousFrom(envelope: ConfigEnvelope): PreviousConfig {
  const { config } = envelope;
  if (config.tombstone === true) return { version: config.version, keys: null, notAfter: null };
  const keys = Object.fromEntries(
    Object.entries(config).filter(
      ([name]) => !(RESERVED_CONFIG_FIELDS as readonly string[]).includes(name),
    ),
  );
  return { version: config.version, keys, notAfter: config.notAfter };
}

export function createRolloutWatch(prefix: string, maxKiosks = MAX_FLEET_KIOSKS): RolloutWatch {
  const observed = new Map<string, ObservedKiosk>();
  const configs = new Map<string, PreviousConfig>();
  const rollouts = new Map<string, RolloutState | null>();
  let certified: ReadonlyMap<string, CertifiedGroups> = new Map();
  let required = false;
  let dropped = 0;
  const bound = createKioskBound((kioskId) => certified.has(kioskId), maxKiosks);
  /** Whether a kiosk is (now) kept; one that had to give way is forgotten whole. */
  const admitted = (kioskId: string): boolean => {
    const admission = bound.admit(kioskId);
    if (!admission.keep) {
      dropped += 1;
      return false;
    }
    if (admission.evict !== null) {
      observed.delete(admission.evict);
      configs.delete(admission.evict);
    }
    return true;
  };

  const watch: RolloutWatch = {
    receive: (topic, payload, at) => {
      const rolloutId = parseRolloutTopic(prefix, topic);
      if (rolloutId !== null) {
        watch.rollout(rolloutId, payload.byteLength === 0 ? undefined : readRolloutState(payload));
        return true;
      }
      const parsed = parseKioskTopic(prefix, topic);
      if (!parsed) return false;
      const { kioskId, kind } = parsed;
      if (kind === 'status') {
        const value = readJsonBytes(payload, MAX_STATUS_BYTES);
        const status = statusFacts(value);
        if (status) watch.status(kioskId, status, at);
        return true;
      }
      if (kind === 'health') {
        watch.health(kioskId, healthFacts(readJsonBytes(payload, MAX_HEALTH_BYTES)));
        return true;
      }
      if (kind === 'config') {
        const envelope = configEnvelopeSchema.safeParse(readJsonBytes(payload, MAX_CONFIG_BYTES));
        watch.config(kioskId, envelope.success ? envelope.data : null);
        return true;
      }
      return false;
    },
    status: (kioskId, status, at) => {
      if (!admitted(kioskId)) return;
      observed.set(kioskId, foldStatus(observed.get(kioskId) ?? unseenKiosk(), status, at));
    },
    health: (kioskId, health) => {
      if (!admitted(kioskId)) return;
      observed.set(kioskId, foldHealth(observed.get(kioskId) ?? unseenKiosk(), health));
    },
    config: (kioskId, envelope) => {
      // An empty or unreadable config keeps the version known before: a rollback must go above it.
      if (envelope && admitted(kioskId)) configs.set(kioskId, previousFrom(envelope));
    },
    rollout: (rolloutId, state) => {
      if (state === undefined) rollouts.delete(rolloutId);
      else rollouts.set(rolloutId, state && state.plan.id === rolloutId ? state : null);
    },
    certify: (next, isRequired) => {
      const before = certified;
      certified = next;
      required = isRequired;
      for (const kioskId of before.keys())
        if (!next.has(kioskId)) bound.setEnrolled(kioskId, false);
      for (const kioskId of next.keys()) if (!before.has(kioskId)) bound.setEnrolled(kioskId, true);
    },
    kiosks: () => observed,
    fleet: () => {
      const fleet: FleetKiosk[] = [];
      for (const [kioskId, entry] of observed) {
        const groups = certified.get(kioskId) ?? null;
        if (required && groups === null) continue;
        fleet.push({ ...certifiedFacts(kioskId, groups), online: entry.online });
      }
      return fleet;
    },
    previous: (kioskId) => configs.get(kioskId) ?? { version: 0, keys: null, notAfter: null },
    rollouts: () => rollouts,
    dropped: () => dropped,
  };
  return watch;
}
