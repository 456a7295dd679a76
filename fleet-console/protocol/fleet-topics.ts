/**
 * The console's view of the fleet's topics (shared/fleet/topics.ts): what it subscribes
 * to, and what a received topic names.
 */
import {
  everyKiosk,
  everyRollout,
  fleetConfigTopic,
  parseKioskTopic,
  SUBSCRIPTION_QOS,
  type KioskTopicKind,
} from '@shared/fleet/topics';
import { trustSubscriptions } from '@shared/fleet/trust/trust-topics';

/**
 * What the console subscribes to, at QoS 0 as every fleet client (SUBSCRIPTION_QOS says
 * why); screenshots are asked for one kiosk at a time.
 */
export function consoleSubscriptions(
  prefix: string,
): { topic: string; qos: typeof SUBSCRIPTION_QOS }[] {
  return [
    everyKiosk(prefix, 'status'),
    everyKiosk(prefix, 'health'),
    everyKiosk(prefix, 'acks'),
    everyKiosk(prefix, 'config'),
    fleetConfigTopic(prefix),
    // Enrolment requests and certificates.
    ...trustSubscriptions(prefix),
    // Every staged rollout's state (rollouts/).
    everyRollout(prefix),
  ].map((topic) => ({ topic, qos: SUBSCRIPTION_QOS }));
}

export type ParsedTopic =
  { kind: 'kiosk'; kioskId: string; leaf: KioskTopicKind } | { kind: 'fleet-config' };

/** null for anything not of this prefix or not a topic the console understands. */
export function parseTopic(prefix: string, topic: string): ParsedTopic | null {
  if (topic === `${prefix}/fleet/config`) return { kind: 'fleet-config' };
  const parsed = parseKioskTopic(prefix, topic);
  return parsed ? { kind: 'kiosk', kioskId: parsed.kioskId, leaf: parsed.kind } : null;
}
