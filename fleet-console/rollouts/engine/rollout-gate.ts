/**
 * A rollout's health gate: what each kiosk that received it says since, and whether the
 * steps so far may widen, must wait, or have crossed a threshold. Pure: the console (and
 * the tests) fold the fleet's messages into observations, and this decides.
 *
 * A kiosk fails when, since it received the rollout:
 * - it is offline once the gate's window has passed (it did not come back);
 * - it restarted `crashLoopRestarts` times or more (a crash loop: its status's startedAt
 *   changed that often);
 * - it refused the config (its health names a refusal on its own config topic);
 * - its update reports an error (a version rollout);
 * - it is online after the window but the rollout is still not in force (never acked).
 * A step widens only once its window has passed, nobody is pending and at least one kiosk is
 * healthy: a step that reached nobody proves nothing.
 *
 * Only kiosks really in the rollout weigh: one that received it but whose certificate now
 * places it outside the rollout's scope (another store's, say) is named as having left it,
 * and neither its failure nor its health decides anything.
 * It is healthy when it is online with the rollout in force (its health reports the
 * config version signed for it, or the app version rolled out), and pending meanwhile.
 */
import type { Delivery, RolloutGate, RolloutPayload } from './rollout-state';

export interface KioskObservation {
  online: boolean;
  /** Restarts seen since the rollout reached it. */
  restartsSince: number;
  /** The remote config version its last health reported (null: none, or no health). */
  configVersion: number | null;
  /** The app version its last health or status reported. */
  appVersion: string | null;
  /** Its config refusals (from health), with when they happened (ms) and on which topic. */
  refusals: readonly { at: number; topic: string; reason: string }[];
  /** Its update state from health, with when that health was sent (ms). */
  update: { state: string; at: number } | null;
}

export type KioskVerdict =
  | { state: 'healthy' }
  | { state: 'pending' }
  | {
      state: 'failing';
      why: 'offline' | 'crash loop' | 'refused' | 'update error' | 'not in force';
    };

export interface GateInput {
  payload: RolloutPayload;
  gate: RolloutGate;
  /** Each kiosk's own config topic (for its refusals). */
  configTopic: (kioskId: string) => string;
  now: number;
  /**
   * Whether a kiosk that received it is still in the rollout's scope, by its certificate;
   * true when not said (nothing is known against it).
   */
  inRollout?: (kioskId: string) => boolean;
}

export function kioskVerdict(
  delivery: Delivery,
  seen: KioskObservation | undefined,
  input: GateInput,
): KioskVerdict {
  const windowOver = input.now - delivery.at >= input.gate.windowSeconds * 1000;
  if (!seen) return windowOver ? { state: 'failing', why: 'offline' } : { state: 'pending' };
  if (seen.restartsSince >= input.gate.crashLoopRestarts) {
    return { state: 'failing', why: 'crash loop' };
  }
  const topic = input.configTopic(delivery.kioskId);
  if (seen.refusals.some((refusal) => refusal.topic === topic && refusal.at >= delivery.at)) {
    return { state: 'failing', why: 'refused' };
  }
  if (
    input.payload.kind === 'version' &&
    seen.update?.state === 'error' &&
    seen.update.at >= delivery.at
  ) {
    return { state: 'failing', why: 'update error' };
  }
  const inForce =
    input.payload.kind === 'config'
      ? seen.configVersion === delivery.version
      : seen.configVersion === delivery.version && seen.appVersion === input.payload.version;
  if (seen.online && inForce) return { state: 'healthy' };
  if (!windowOver) return { state: 'pending' };
  return { state: 'failing', why: seen.online ? 'not in force' : 'offline' };
}

export interface StepCounts {
  /** Kiosks the rollout was published to. */
  received: number;
  /** Of those, how many took the config signed for them (their health reports its version). */
  acked: number;
  healthy: number;
  failing: number;
  pending: number;
}

export interface GateResult {
  counts: StepCounts;
  /** Per step (index), the same counts. */
  perStep: StepCounts[];
  /** The failing kiosks with why, sorted by id. */
  failing: { kioskId: string; why: string }[];
  /** Kiosks that received it but are no longer in its scope (their certificate moved them). */
  left: string[];
  decision: 'widen' | 'wait' | 'roll back';
}

const zero = (): StepCounts => ({ received: 0, acked: 0, healthy: 0, failing: 0, pending: 0 });

export function evaluateGate(
  delivered: readonly Delivery[],
  observations: ReadonlyMap<string, KioskObservation>,
  stepStartedAt: number,
  steps: number,
  input: GateInput,
): GateResult {
  const counts = zero();
  const perStep = Array.from({ length: steps }, zero);
  const failing: { kioskId: string; why: string }[] = [];
  const left: string[] = [];
  for (const delivery of delivered) {
    if (input.inRollout && !input.inRollout(delivery.kioskId)) {
      left.push(delivery.kioskId);
      continue;
    }
    const seen = observations.get(delivery.kioskId);
    const verdict = kioskVerdict(delivery, seen, input);
    const acked = seen?.configVersion === delivery.version;
    for (const tally of [counts, perStep[delivery.step]]) {
      if (!tally) continue;
      tally.received += 1;
      if (acked) tally.acked += 1;
      if (verdict.state === 'healthy') tally.healthy += 1;
      else if (verdict.state === 'pending') tally.pending += 1;
      else tally.failing += 1;
    }
    if (verdict.state === 'failing') failing.push({ kioskId: delivery.kioskId, why: verdict.why });
  }
  failing.sort((a, b) => a.kioskId.localeCompare(b.kioskId));
  const windowOver = input.now - stepStartedAt >= input.gate.windowSeconds * 1000;
  const decision =
    counts.failing > input.gate.maxFailing
      ? 'roll back'
      : windowOver && counts.pending === 0 && counts.healthy > 0
        ? 'widen'
        : 'wait';
  return { counts, perStep, failing, left: left.sort(), decision };
}
