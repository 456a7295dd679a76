/**
 * The topics the console reads and writes (FLEET-CONTRACT.md), and the reverse: which kiosk
 * and which leaf a received topic names.
 */
export const KIOSK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isKioskId(text: string): boolean {
  return KIOSK_ID_PATTERN.test(text) && text !== 'all';
}

/** What a kiosk publishes and the console reads, per kiosk. */
export type KioskLeaf = 'status' | 'health' | 'acks' | 'screenshot' | 'config';

const KIOSK_LEAVES: readonly KioskLeaf[] = ['status', 'health', 'acks', 'screenshot', 'config'];

export const kioskTopic = (prefix: string, kioskId: string, leaf: KioskLeaf | 'commands'): string =>
  `${prefix}/kiosks/${kioskId}/${leaf}`;

export const allCommandsTopic = (prefix: string): string => `${prefix}/kiosks/all/commands`;

export const fleetConfigTopic = (prefix: string): string => `${prefix}/fleet/config`;

/** The subscriptions of the kiosks view; screenshots are asked for one kiosk at a time. */
export function consoleSubscriptions(prefix: string): { topic: string; qos: 0 | 1 }[] {
  return [
    { topic: `${prefix}/kiosks/+/status`, qos: 1 },
    { topic: `${prefix}/kiosks/+/health`, qos: 0 },
    { topic: `${prefix}/kiosks/+/acks`, qos: 1 },
    { topic: `${prefix}/kiosks/+/config`, qos: 1 },
    { topic: fleetConfigTopic(prefix), qos: 1 },
  ];
}

export type ParsedTopic =
  { kind: 'kiosk'; kioskId: string; leaf: KioskLeaf } | { kind: 'fleet-config' };

/** null for anything not of this prefix or not a topic the console understands. */
export function parseTopic(prefix: string, topic: string): ParsedTopic | null {
  if (topic === fleetConfigTopic(prefix)) return { kind: 'fleet-config' };
  const head = `${prefix}/kiosks/`;
  if (!topic.startsWith(head)) return null;
  const parts = topic.slice(head.length).split('/');
  if (parts.length !== 2) return null;
  const [kioskId = '', leaf = ''] = parts;
  if (!isKioskId(kioskId)) return null;
  const known = KIOSK_LEAVES.find((candidate) => candidate === leaf);
  return known ? { kind: 'kiosk', kioskId, leaf: known } : null;
}

/** A topic prefix as the contract allows: segments of [A-Za-z0-9_-], 1–64 characters in all. */
export function isTopicPrefix(text: string): boolean {
  return text.length >= 1 && text.length <= 64 && /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(text);
}
