/**
 * What publishing a loaded config file would do: which topic, against which config in force,
 * what changes, what the signature binds (prefix, notAfter, a withdrawal), and whether the
 * kiosks would take it at all. Pure, for the config panel.
 */
import type { ConfigInForce } from '../../fleet/fleet-state';
import { configKeys, type ConfigEnvelope } from '../../protocol/config-envelope';
import { fleetConfigTopic, kioskConfigTopic } from '@shared/fleet/topics';
import { diffConfig, type ConfigChange } from './config-diff';

export interface ConfigPlan {
  topic: string;
  target: string;
  version: number;
  /** The fleet topic prefix the signature binds. */
  prefix: string;
  /** When the kiosks stop applying it (ms since the epoch). */
  notAfter: number;
  /** A signed withdrawal of the topic's config, which sets no keys. */
  tombstone: boolean;
  /** Version on the topic now, or null when none (or it is unreadable). */
  versionInForce: number | null;
  /** Key changes only: the signed fields above are shown apart. */
  changes: ConfigChange[];
  /** Why the kiosks would refuse or ignore it; null when it is worth publishing. */
  blocker: string | null;
}

function blockerOf(
  envelope: ConfigEnvelope,
  versionInForce: number | null,
  topic: string,
  prefix: string,
  now: number,
): string | null {
  const { version, notAfter } = envelope.config;
  if (envelope.config.prefix !== prefix) {
    return `It is signed for the topic prefix ${envelope.config.prefix}, and this fleet's is ${prefix}: the kiosks would refuse it (wrong prefix). Sign it with --prefix ${prefix}.`;
  }
  if (Date.parse(notAfter) <= now) {
    return `It expired at ${notAfter}: the kiosks would refuse it (expired). Sign it again.`;
  }
  if (versionInForce === null || version > versionInForce) return null;
  return version === versionInForce
    ? `Version ${version} is already in force on ${topic}: the kiosks would ignore it. Sign it with a higher version.`
    : `Version ${version} is older than version ${versionInForce} in force: the kiosks would refuse it (stale version).`;
}

export function planConfig(
  envelope: ConfigEnvelope,
  configs: ReadonlyMap<string, ConfigInForce>,
  prefix: string,
  now: number = Date.now(),
): ConfigPlan {
  const { target, version } = envelope.config;
  const topic = target === 'all' ? fleetConfigTopic(prefix) : kioskConfigTopic(prefix, target);
  const inForce = configs.get(target)?.envelope ?? null;
  const versionInForce = inForce?.config.version ?? null;
  return {
    topic,
    target,
    version,
    prefix: envelope.config.prefix,
    notAfter: Date.parse(envelope.config.notAfter),
    tombstone: envelope.config.tombstone === true,
    versionInForce,
    changes: diffConfig(inForce ? configKeys(inForce.config) : null, configKeys(envelope.config)),
    blocker: blockerOf(envelope, versionInForce, topic, prefix, now),
  };
}
