/**
 * A staged rollout as it is kept on the broker, retained on `P/fleet/rollouts/ID`: what is
 * rolled out (a signed config's keys, or an app version by `update.pinVersion`), to whom
 * step by step, the health gate each step must pass, where it is now, which kiosks have
 * received it (with what each had before, so a rollback gives exactly that back), and the
 * lease of the console that watches it. Only the operator may write the topic (the broker's
 * ACL); every reader still checks each message with these schemas, and a message that does
 * not pass is no rollout at all: it is shown as unreadable and drives nothing.
 */
import { z } from 'zod';
import { readJsonBytes } from '@shared/fleet/trust/operator-signature';
import { rolloutSelectorSchema } from './rollout-selector';
import { isValidKioskId, isValidRolloutId } from '@shared/fleet/topics';

/** A rollout reaching 5,000 kiosks with their previous configs fits well under this. */
export const MAX_ROLLOUT_STATE_BYTES = 1024 * 1024;
/** At most this many steps after the first. */
export const MAX_ROLLOUT_STEPS = 10;
/** At most this many kiosks recorded as having received it. */
export const MAX_ROLLOUT_KIOSKS = 10_000;

const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u);
const millis = z.int().min(0).max(8_640_000_000_000_000);
const kioskId = z.string().refine(isValidKioskId, 'must be a kiosk id');
/** Config keys in their nested file form, as a signed config carries them. */
const configKeys = z.record(z.string().max(64), z.unknown());

export const rolloutGateSchema = z.strictObject({
  /**
   * How long a step is watched before it may widen, and how long a kiosk that received it
   * has to be online again with it in force (seconds).
   */
  windowSeconds: z.int().min(1).max(86_400),
  /** More failing kiosks than this, in all the steps so far, stop and roll back. */
  maxFailing: z.int().min(0).max(MAX_ROLLOUT_KIOSKS),
  /** This many restarts of one kiosk since it received the rollout are a crash loop. */
  crashLoopRestarts: z.int().min(1).max(100),
});
export type RolloutGate = z.infer<typeof rolloutGateSchema>;

export const rolloutPayloadSchema = z.discriminatedUnion('kind', [
  /** Config keys (nested, as in a signed config) each kiosk's own config gains. */
  z.strictObject({ kind: z.literal('config'), keys: configKeys }),
  /** An app version, delivered as `update.pinVersion`; in force once health reports it. */
  z.strictObject({
    kind: z.literal('version'),
    version: text(64).regex(/^\d+\.\d+\.\d+[\w.+-]*$/),
  }),
]);
export type RolloutPayload = z.infer<typeof rolloutPayloadSchema>;

export const rolloutPlanSchema = z.strictObject({
  id: z.string().refine(isValidRolloutId, 'must be a rollout id'),
  title: text(120),
  payload: rolloutPayloadSchema,
  /** Every kiosk the rollout is for: when the last step passes, all of these have it. */
  scope: rolloutSelectorSchema,
  /** The steps, first to last, each reaching more of the scope. */
  steps: z.array(rolloutSelectorSchema).min(1).max(MAX_ROLLOUT_STEPS),
  gate: rolloutGateSchema,
  /** When the configs the rollout signs stop applying (an ISO time). */
  notAfter: z.iso.datetime(),
  createdAt: millis,
});
export type RolloutPlan = z.infer<typeof rolloutPlanSchema>;

export const ROLLOUT_PHASES = [
  /** Delivering the first step. */
  'running',
  /** The step's kiosks have it; watching the health gate. */
  'waiting-for-gate',
  /** Delivering a later step, after the gate passed. */
  'widening',
  /** Nobody watches it (the lease lapsed): it stays where it is until resumed. */
  'paused',
  /** The operator stopped it: the kiosks keep what they have, nothing widens. */
  'stopped',
  /** Every kiosk that received it has its previous config back. */
  'rolled-back',
  /** Every step passed. */
  'done',
] as const;
export type RolloutPhase = (typeof ROLLOUT_PHASES)[number];

/** What one kiosk had on its own config topic before the rollout reached it. */
export const previousConfigSchema = z.strictObject({
  /** The version in force on its topic (0: none). */
  version: z.int().min(0),
  /** Its keys, or null: no config of its own (a rollback then withdraws with a tombstone). */
  keys: configKeys.nullable(),
  /** When those keys stopped applying. */
  notAfter: z.iso.datetime().nullable(),
});
export type PreviousConfig = z.infer<typeof previousConfigSchema>;

export const deliverySchema = z.strictObject({
  kioskId,
  /** The step that reached it. */
  step: z.int().min(0).max(MAX_ROLLOUT_STEPS),
  /** The version of the config signed for it. */
  version: z.int().positive(),
  at: millis,
  previous: previousConfigSchema,
});
export type Delivery = z.infer<typeof deliverySchema>;

export const rolloutLeaseSchema = z.strictObject({
  /** The watching console's id (one per page). */
  holder: text(80).min(1),
  until: millis,
});
export type RolloutLease = z.infer<typeof rolloutLeaseSchema>;

export const rolloutStateSchema = z.strictObject({
  type: z.literal('rollout'),
  plan: rolloutPlanSchema,
  phase: z.enum(ROLLOUT_PHASES),
  /** The step reached: an index into plan.steps. */
  step: z
    .int()
    .min(0)
    .max(MAX_ROLLOUT_STEPS - 1),
  /** When the current step's kiosks had it: the gate's window counts from here. */
  stepStartedAt: millis,
  delivered: z.array(deliverySchema).max(MAX_ROLLOUT_KIOSKS),
  lease: rolloutLeaseSchema.nullable(),
  /** Why it stopped or was rolled back, in words for the operator. */
  reason: text(300).nullable(),
  /** Counts up with every write, so a reader can tell the newest. */
  revision: z.int().min(0),
  updatedAt: millis,
});
export type RolloutState = z.infer<typeof rolloutStateSchema>;

/**
 * A state message as read from the broker: the state, or null when it is not one (too
 * large, not UTF-8 JSON, or failing the schema, a step past the plan's steps, or one kiosk
 * recorded twice). Never throws.
 */
export function readRolloutState(bytes: Uint8Array): RolloutState | null {
  const parsed = rolloutStateSchema.safeParse(readJsonBytes(bytes, MAX_ROLLOUT_STATE_BYTES));
  if (!parsed.success) return null;
  const state = parsed.data;
  if (state.step >= state.plan.steps.length) return null;
  if (state.delivered.some((entry) => entry.step > state.step)) return null;
  if (new Set(state.delivered.map((entry) => entry.kioskId)).size !== state.delivered.length) {
    return null;
  }
  return state;
}

/** Whether `holder` holds a lease on the state that has not lapsed at `now`. */
export function holdsLease(state: RolloutState, holder: string, now: number): boolean {
  return state.lease !== null && state.lease.holder === holder && state.lease.until > now;
}

/** Phases in which the rollout still moves by itself while watched. */
export const ACTIVE_PHASES: readonly RolloutPhase[] = ['running', 'waiting-for-gate', 'widening'];

/**
 * The phase to show: an active rollout whose lease has lapsed is paused where it is, whatever
 * its last writer said, as nobody watches it.
 */
export function shownPhase(state: RolloutState, now: number): RolloutPhase {
  if (!ACTIVE_PHASES.includes(state.phase)) return state.phase;
  return state.lease !== null && state.lease.until > now ? state.phase : 'paused';
}
