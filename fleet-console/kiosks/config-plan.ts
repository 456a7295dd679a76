/**
 * What publishing a loaded config file would do: which topic, against which config in force,
 * what changes, and whether the kiosks would take it at all. Pure, for the config panel.
 */
import type { ConfigInForce } from '../fleet/fleet-state';
import type { ConfigEnvelope } from '../protocol/config-envelope';
import { fleetConfigTopic, kioskConfigTopic } from '@shared/fleet/topics';
import { diffConfig, type ConfigChange } from './config-diff';

export interface ConfigPlan {
  topic: string;
  target: string;
  version: number;
  /** Version on the topic now, or null when none (or it is unreadable). */
  versionInForce: number | null;
  changes: ConfigChange[];
  /** Why the kiosks would refuse or ignore it; null when it is worth publishing. */
  blocker: string | null;
}

export function planConfig(
  envelope: ConfigEnvelope,
  configs: ReadonlyMap<string, ConfigInForce>,
  prefix: string,
): ConfigPlan {
  const { target, version } = envelope.config;
  const topic = target === 'all' ? fleetConfigTopic(prefix) : kioskConfigTopic(prefix, target);
  const inForce = configs.get(target)?.envelope ?? null;
  const versionInForce = inForce?.config.version ?? null;
  const blocker =
    versionInForce === null || version > versionInForce
      ? null
      : version === versionInForce
        ? `Version ${version} is already in force on ${topic}: the kiosks would ignore it. Sign it with a higher version.`
        : `Version ${version} is older than version ${versionInForce} in force: the kiosks would refuse it (stale version).`;
  return {
    topic,
    target,
    version,
    versionInForce,
    changes: diffConfig(inForce?.config ?? null, envelope.config),
    blocker,
  };
}
