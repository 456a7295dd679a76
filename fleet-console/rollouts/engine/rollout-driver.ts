/**
 * The one place a rollout touches the broker: it publishes a rollout's new state (retained,
 * checked against its schema first, so nothing malformed is ever written), then signs and
 * publishes what its actions say to each kiosk's own config topic. The state goes first: a
 * console closed half-way leaves a state that names every kiosk it may have reached, so a
 * rollback reaches them all. The broker client and the key are the caller's: the console's
 * page (WebCrypto, the config key loaded for the session) or a test's.
 */
import type { Ed25519Signer } from '@shared/fleet/trust/operator-signature';
import {
  advanceRollout,
  LEASE_MS,
  renewLease,
  type Advance,
  type ControllerInput,
} from './rollout-controller';
import { deliveryConfig, rollbackConfig, signEnvelope } from './rollout-delivery';
import { MAX_ROLLOUT_STATE_BYTES, rolloutStateSchema, type RolloutState } from './rollout-state';
import { kioskConfigTopic, rolloutTopic } from '@shared/fleet/topics';

export interface RolloutPublisher<Key> {
  prefix: string;
  /** Resolves once the broker has it (QoS 1). */
  publish(topic: string, payload: string, retain: boolean): Promise<void>;
  /** The config key loaded for the session, and what signs with it. */
  key: Key;
  subtle: Ed25519Signer<Key>;
  /** The config key's public half, sent as the envelope's hint (null: none). */
  publicKey: string | null;
  /** The version on a kiosk's own config topic now (0: none). */
  currentVersion(kioskId: string): number;
  now(): number;
}

/** Publishes a rollout state, retained; throws rather than publish one that is not valid. */
export async function publishState<Key>(
  state: RolloutState,
  publisher: RolloutPublisher<Key>,
): Promise<void> {
  const checked = rolloutStateSchema.parse(state);
  const payload = JSON.stringify(checked);
  if (new TextEncoder().encode(payload).byteLength > MAX_ROLLOUT_STATE_BYTES) {
    throw new Error('the rollout state is too large to publish');
  }
  await publisher.publish(rolloutTopic(publisher.prefix, state.plan.id), payload, true);
}

/** Publishes the state, then every config its actions name. */
export async function carryOut<Key>(
  advance: Advance,
  publisher: RolloutPublisher<Key>,
): Promise<void> {
  const { state } = advance;
  await publishState(state, publisher);
  for (const action of advance.actions) {
    for (const delivery of action.deliveries) {
      const config =
        action.type === 'deliver'
          ? deliveryConfig(state.plan, delivery, publisher.prefix)
          : rollbackConfig(
              state.plan,
              delivery,
              publisher.prefix,
              publisher.currentVersion(delivery.kioskId),
              publisher.now(),
            );
      const envelope = await signEnvelope(
        config,
        publisher.key,
        publisher.subtle,
        publisher.publicKey,
      );
      await publisher.publish(kioskConfigTopic(publisher.prefix, delivery.kioskId), envelope, true);
    }
  }
}

/**
 * One tick of a watching console: the rollout's next move if it has one, else its lease
 * renewed when half of it has gone. Null: nothing to publish (not ours, or nothing to do).
 */
export function tickRollout(input: ControllerInput): Advance | null {
  const moved = advanceRollout(input);
  const state = moved?.state ?? input.state;
  const lease = state.lease;
  if (lease?.holder === input.holder && lease.until - input.now < LEASE_MS / 2) {
    const renewed = renewLease(state, input.holder, input.now);
    if (renewed) return { state: renewed, actions: moved?.actions ?? [] };
  }
  return moved;
}
