/**
 * How a staged rollout moves: pure functions from its state, the fleet as the console sees
 * it and the time, to its next state and what to publish. Nothing here talks to the broker
 * (rollout-driver.ts does).
 *
 * The one rule that matters most: only the console that holds a fresh lease moves a
 * rollout. advanceRollout does nothing at all without it, so a rollout nobody watches
 * stays where it is (shown paused) and never widens; an operator resumes it by taking the
 * lease. Stopping and rolling back are the operator's own decisions and need no lease.
 */
import { evaluateGate, type GateResult, type KioskObservation } from './rollout-gate';
import { selectKiosks, selects, type KioskFacts } from './rollout-selector';
import {
  ACTIVE_PHASES,
  holdsLease,
  type Delivery,
  type PreviousConfig,
  type RolloutPlan,
  type RolloutState,
} from './rollout-state';

/** How long a lease lasts; the watching console renews it well before. */
export const LEASE_MS = 30_000;

export interface FleetKiosk extends KioskFacts {
  online: boolean;
}

export interface ControllerInput {
  state: RolloutState;
  fleet: readonly FleetKiosk[];
  /** What each kiosk has on its own config topic now (retained on the broker). */
  previous: (kioskId: string) => PreviousConfig;
  observations: ReadonlyMap<string, KioskObservation>;
  configTopic: (kioskId: string) => string;
  now: number;
  /** This console's id. */
  holder: string;
}

export type RolloutAction =
  /** Sign and publish the rollout's config for each of these kiosks. */
  | { type: 'deliver'; deliveries: Delivery[] }
  /** Give each of these kiosks its previous config back (or a signed withdrawal). */
  | { type: 'roll-back'; deliveries: Delivery[] };

export interface Advance {
  state: RolloutState;
  actions: RolloutAction[];
}

function revise(state: RolloutState, patch: Partial<RolloutState>, now: number): RolloutState {
  return { ...state, ...patch, revision: state.revision + 1, updatedAt: now };
}

/** A new rollout, watched by `holder`, about to deliver its first step. */
export function startRollout(plan: RolloutPlan, holder: string, now: number): RolloutState {
  return {
    type: 'rollout',
    plan,
    phase: 'running',
    step: 0,
    stepStartedAt: now,
    delivered: [],
    lease: { holder, until: now + LEASE_MS },
    reason: null,
    revision: 0,
    updatedAt: now,
  };
}

/**
 * Whether a kiosk is still in the rollout's scope: false only when the fleet knows its
 * certified groups and they place it outside (a kiosk the fleet does not know, offline for
 * long or not yet heard, still counts).
 */
export function inRolloutOf(
  state: RolloutState,
  fleet: readonly KioskFacts[],
): (kioskId: string) => boolean {
  const known = new Map(fleet.map((kiosk) => [kiosk.kioskId, kiosk]));
  return (kioskId) => {
    const facts = known.get(kioskId);
    return facts === undefined || selects(state.plan.scope, state.plan.id, facts);
  };
}

/** The gate as it stands (for the console's counts), whoever holds the lease. */
export function gateOf(
  input: Omit<ControllerInput, 'holder' | 'fleet' | 'previous'> & {
    fleet?: readonly KioskFacts[];
  },
): GateResult {
  const { state } = input;
  return evaluateGate(
    state.delivered,
    input.observations,
    state.stepStartedAt,
    state.plan.steps.length,
    {
      payload: state.plan.payload,
      gate: state.plan.gate,
      configTopic: input.configTopic,
      now: input.now,
      ...(input.fleet ? { inRollout: inRolloutOf(state, input.fleet) } : {}),
    },
  );
}

/** The online kiosks the steps so far reach that have not received it yet. */
function newDeliveries(input: ControllerInput): Delivery[] {
  const { state, now } = input;
  const { plan } = state;
  const reached = new Set(
    selectKiosks(plan.id, plan.scope, plan.steps.slice(0, state.step + 1), input.fleet),
  );
  const done = new Set(state.delivered.map((entry) => entry.kioskId));
  return input.fleet
    .filter((kiosk) => kiosk.online && reached.has(kiosk.kioskId) && !done.has(kiosk.kioskId))
    .map((kiosk) => {
      const previous = input.previous(kiosk.kioskId);
      return {
        kioskId: kiosk.kioskId,
        step: state.step,
        version: previous.version + 1,
        at: now,
        previous,
      };
    })
    .sort((a, b) => a.kioskId.localeCompare(b.kioskId));
}

/**
 * The kiosks its steps reach that never received it (they were offline throughout), said
 * when it is done, so "Done" never hides a kiosk left on its old config.
 */
function describeLeftOut(input: ControllerInput, state: RolloutState): string | null {
  const { plan } = state;
  const delivered = new Set(state.delivered.map((entry) => entry.kioskId));
  const leftOut = selectKiosks(plan.id, plan.scope, plan.steps, input.fleet).filter(
    (kioskId) => !delivered.has(kioskId),
  );
  if (leftOut.length === 0) return null;
  const named = leftOut.slice(0, 5).join(', ');
  const more = leftOut.length > 5 ? ` and ${leftOut.length - 5} more` : '';
  const kiosks = leftOut.length === 1 ? '1 kiosk' : `${leftOut.length} kiosks`;
  return `${kiosks} it reaches never got it, offline throughout: ${named}${more}. Start a rollout for them once they are back.`;
}

function describeFailing(gate: GateResult, max: number): string {
  const named = gate.failing
    .slice(0, 5)
    .map((entry) => `${entry.kioskId} (${entry.why})`)
    .join(', ');
  const more = gate.failing.length > 5 ? ` and ${gate.failing.length - 5} more` : '';
  return `${gate.failing.length} failing, more than ${max}: ${named}${more}`;
}

/** One move of a watched rollout, or null when nothing changes (or it is not ours to move). */
export function advanceRollout(input: ControllerInput): Advance | null {
  const { state, now } = input;
  if (!holdsLease(state, input.holder, now)) return null;
  if (!ACTIVE_PHASES.includes(state.phase)) return null;

  if (state.phase === 'running' || state.phase === 'widening') {
    const deliveries = newDeliveries(input);
    const next = revise(
      state,
      {
        phase: 'waiting-for-gate',
        stepStartedAt: now,
        delivered: [...state.delivered, ...deliveries],
      },
      now,
    );
    return { state: next, actions: deliveries.length > 0 ? [{ type: 'deliver', deliveries }] : [] };
  }

  // Waiting for the gate: kiosks of this step that came online since get it now.
  const late = newDeliveries(input);
  const current =
    late.length > 0 ? revise(state, { delivered: [...state.delivered, ...late] }, now) : state;
  const lateActions: RolloutAction[] =
    late.length > 0 ? [{ type: 'deliver', deliveries: late }] : [];
  const gate = gateOf({ ...input, state: current });
  if (gate.decision === 'roll back') {
    return {
      state: revise(
        current,
        {
          phase: 'rolled-back',
          lease: null,
          reason: describeFailing(gate, state.plan.gate.maxFailing),
        },
        now,
      ),
      actions: [...lateActions, { type: 'roll-back', deliveries: current.delivered }],
    };
  }
  if (gate.decision === 'widen' && late.length === 0) {
    const last = current.step >= current.plan.steps.length - 1;
    return {
      state: last
        ? revise(
            current,
            { phase: 'done', lease: null, reason: describeLeftOut(input, current) },
            now,
          )
        : revise(current, { phase: 'widening', step: current.step + 1 }, now),
      actions: [],
    };
  }
  return late.length > 0 ? { state: current, actions: lateActions } : null;
}

/** The lease renewed for its holder; null when someone else holds a fresh one. */
export function renewLease(state: RolloutState, holder: string, now: number): RolloutState | null {
  if (!ACTIVE_PHASES.includes(state.phase)) return null;
  if (!holdsLease(state, holder, now)) return null;
  return revise(state, { lease: { holder, until: now + LEASE_MS } }, now);
}

/**
 * The operator resumes a rollout that is paused (nobody watched it) or stopped: this
 * console takes the lease, and the gate is weighed again before anything widens. Null for
 * a rollout that is done or rolled back, or that another console watches now.
 */
export function resumeRollout(
  state: RolloutState,
  holder: string,
  now: number,
): RolloutState | null {
  if (state.phase === 'done' || state.phase === 'rolled-back') return null;
  const leased = state.lease !== null && state.lease.until > now;
  if (leased && state.lease?.holder !== holder) return null;
  const phase =
    state.phase === 'paused' || state.phase === 'stopped'
      ? state.delivered.some((entry) => entry.step === state.step)
        ? 'waiting-for-gate'
        : state.step === 0
          ? 'running'
          : 'widening'
      : state.phase;
  return revise(state, { phase, lease: { holder, until: now + LEASE_MS }, reason: null }, now);
}

/** The operator stops it: nothing more is delivered, the kiosks keep what they have. */
export function stopRollout(state: RolloutState, now: number, reason: string): RolloutState | null {
  if (state.phase === 'done' || state.phase === 'rolled-back' || state.phase === 'stopped') {
    return null;
  }
  return revise(state, { phase: 'stopped', lease: null, reason }, now);
}

/** The operator rolls it back: every kiosk that received it gets its previous config. */
export function rollBackRollout(state: RolloutState, now: number, reason: string): Advance | null {
  if (state.phase === 'rolled-back') return null;
  return {
    state: revise(state, { phase: 'rolled-back', lease: null, reason }, now),
    actions: state.delivered.length > 0 ? [{ type: 'roll-back', deliveries: state.delivered }] : [],
  };
}
