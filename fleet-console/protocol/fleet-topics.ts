/**
 * The console's view of the fleet's topics (shared/fleet/topics.ts): what it subscribes
 * to, and what a received topic names.
 */
import {
  everyKiosk,
  everyRollout,
  fleetConfigTopic,
  parseKioskTopic,
  type KioskTopicKind,
} from '@shared/fleet/topics';
import { trustSubscriptions } from '@shared/fleet/trust-topics';

/** What the console subscribes to; screenshots are asked for one kiosk at a time. */
export function consoleSubscriptions(prefix: string): { topic: string; qos: 0 | 1 }[] {
  return [
    { topic: everyKiosk(prefix, 'status'), qos: 1 },
    { topic: everyKiosk(prefix, 'health'), qos: 0 },
    { topic: everyKiosk(prefix, 'acks'), qos: 1 },
    { topic: everyKiosk(prefix, 'config'), qos: 1 },
    { topic: fleetConfigTopic(prefix), qos: 1 },
    // Enrolment requests, certificates, the revocation list, handover records and conflicts.
    ...trustSubscriptions(prefix).map((topic) => ({ topic, qos: 1 as const })),
    // Every staged rollout's state (rollouts/).
    { topic: everyRollout(prefix), qos: 1 },
  ];
}

export type ParsedTopic =
  { kind: 'kiosk'; kioskId: string; leaf: KioskTopicKind } | { kind: 'fleet-config' };

/** null for anything not of this prefix or not a topic the console understands. */
export function parseTopic(prefix: string, topic: string): ParsedTopic | null {
  if (topic === `${prefix}/fleet/config`) return { kind: 'fleet-config' };
  const parsed = parseKioskTopic(prefix, topic);
  return parsed ? { kind: 'kiosk', kioskId: parsed.kioskId, leaf: parsed.kind } : null;
}
