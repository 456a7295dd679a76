/**
 * What a rollout publishes to one kiosk, signed end to end: a config for that kiosk's own
 * topic (`P/kiosks/ID/config`, target ID), holding the keys it had there before plus the
 * rollout's, one version above the one in force; and on rollback the keys it had before,
 * one version higher again, or a signed tombstone when it had none of its own (or they
 * have expired since). The kiosk checks these as it checks every config: the operator's
 * signature, the prefix, the target, notAfter and versions that only go up.
 */
import { signObject, type Ed25519Signer } from '@shared/fleet/trust/operator-signature';
import type { Delivery, RolloutPlan } from './rollout-state';

type Keys = Record<string, unknown>;

function isPlainObject(value: unknown): value is Keys {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `over` laid on `base`, nested objects merged key by key (the file form's groups). */
export function mergeKeys(base: Keys, over: Keys): Keys {
  const result: Keys = { ...base };
  for (const [name, value] of Object.entries(over)) {
    const current = result[name];
    result[name] =
      isPlainObject(current) && isPlainObject(value) ? mergeKeys(current, value) : value;
  }
  return result;
}

/** The keys the rollout itself sets: its config's, or the app version as a pin. */
export function rolloutKeys(plan: RolloutPlan): Keys {
  return plan.payload.kind === 'config'
    ? plan.payload.keys
    : { update: { pinVersion: plan.payload.version } };
}

/** The config (to be signed) that delivers the rollout to one kiosk. */
export function deliveryConfig(plan: RolloutPlan, delivery: Delivery, prefix: string): Keys {
  return {
    ...mergeKeys(delivery.previous.keys ?? {}, rolloutKeys(plan)),
    version: delivery.version,
    target: delivery.kioskId,
    prefix,
    notAfter: plan.notAfter,
  };
}

/**
 * The config (to be signed) that gives one kiosk back what it had, above `currentVersion`
 * (the version on its topic now, which an operator may have raised since).
 */
export function rollbackConfig(
  plan: RolloutPlan,
  delivery: Delivery,
  prefix: string,
  currentVersion: number,
  now: number,
): Keys {
  const version = Math.max(delivery.version, currentVersion) + 1;
  const { keys, notAfter } = delivery.previous;
  if (keys !== null && notAfter !== null && Date.parse(notAfter) > now) {
    return { ...keys, version, target: delivery.kioskId, prefix, notAfter };
  }
  return { version, target: delivery.kioskId, prefix, notAfter: plan.notAfter, tombstone: true };
}

/** The envelope a kiosk verifies: the config, its signature, and the signer's key as a hint. */
export async function signEnvelope<Key>(
  config: Keys,
  privateKey: Key,
  subtle: Ed25519Signer<Key>,
  publicKey: string | null,
): Promise<string> {
  const signature = await signObject(config, privateKey, subtle);
  return JSON.stringify(publicKey ? { config, signature, publicKey } : { config, signature });
}
