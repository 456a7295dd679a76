/**
 * The fleet's MQTT topic names, built in one place so the kiosk, the console, the
 * simulator and the broker's ACL agree. `P` is the prefix (fleet.topicPrefix), `ID` the
 * kiosk id (fleet.kioskId); both are checked before any topic is built, so a `+`, `#` or
 * `/` in an id can never widen a subscription or reach another kiosk's topics.
 */

export const DEFAULT_TOPIC_PREFIX = 'kiosk-shop';

/**
 * Every fleet client subscribes at QoS 0: the kiosk, the console and the exporter. Their
 * sessions are clean, so QoS 1 on a subscription keeps nothing across a reconnect, and on a
 * live connection TCP already delivers in order: what says a command arrived is the kiosk's
 * ack, and what a reader needs after a reconnect is retained. On a NATS cluster a QoS 1
 * subscription is a replicated JetStream consumer of its own, and a QoS 1 message reaches it
 * only through JetStream, so it is refused or held while a lost node's share of JetStream is
 * re-elected; a QoS 0 subscription is a plain one that any live node serves at once, a QoS 1
 * message included (docs/fleet/cluster.md).
 */
export const SUBSCRIPTION_QOS = 0;

/**
 * Commands are published at QoS 0. Every kiosk subscribes at QoS 0, so that is how a command
 * reaches it anyway, and what says it arrived is the kiosk's ack (the console reports a
 * command without one as not delivered). QoS 1 would only have the broker confirm it took
 * the command, and on a NATS cluster that means storing it in JetStream first: while a lost
 * node's share of JetStream is re-elected a node holds the sender for seconds, then drops
 * its connection, and MQTT.js sends the command again once reconnected, so kiosks got it
 * twice (docs/fleet/cluster.md).
 */
export const COMMAND_QOS = 0;

/** The pseudo-id of fleet-wide commands; no kiosk may take it as its own id. */
export const ALL_KIOSKS = 'all';

const SEGMENT = '[A-Za-z0-9_-]+';
const PREFIX_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);
const KIOSK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** 1–64 characters of `[A-Za-z0-9_-]`, segments joined by single `/`. */
export function isValidTopicPrefix(prefix: string): boolean {
  return prefix.length >= 1 && prefix.length <= 64 && PREFIX_PATTERN.test(prefix);
}

/** `[A-Za-z0-9_-]{1,64}`, and never `all`, which addresses every kiosk. */
export function isValidKioskId(id: string): boolean {
  return KIOSK_ID_PATTERN.test(id) && id.toLowerCase() !== ALL_KIOSKS;
}

/** What a kiosk publishes under its own id. */
export const KIOSK_OUTBOUND = ['status', 'health', 'acks', 'screenshot'] as const;
/** What a kiosk reads under its own id. */
export const KIOSK_INBOUND = ['commands', 'config'] as const;

export type KioskTopicKind = (typeof KIOSK_OUTBOUND)[number] | (typeof KIOSK_INBOUND)[number];

export interface KioskTopics {
  status: string;
  health: string;
  acks: string;
  screenshot: string;
  /** Commands for this kiosk only. */
  commands: string;
  /** Commands for every kiosk. */
  allCommands: string;
  /** Signed config for this kiosk only (retained). */
  config: string;
  /** Signed config for every kiosk (retained). */
  fleetConfig: string;
}

function checkPrefix(prefix: string): void {
  if (!isValidTopicPrefix(prefix)) throw new Error('invalid fleet topic prefix');
}

/** Every topic one kiosk uses. Throws on an invalid prefix or id: never a wildcard topic. */
export function kioskTopics(prefix: string, kioskId: string): KioskTopics {
  checkPrefix(prefix);
  if (!isValidKioskId(kioskId)) throw new Error('invalid kiosk id');
  const own = `${prefix}/kiosks/${kioskId}`;
  return {
    status: `${own}/status`,
    health: `${own}/health`,
    acks: `${own}/acks`,
    screenshot: `${own}/screenshot`,
    commands: `${own}/commands`,
    allCommands: `${prefix}/kiosks/${ALL_KIOSKS}/commands`,
    config: `${own}/config`,
    fleetConfig: `${prefix}/fleet/config`,
  };
}

/** The topic fleet-wide config is published on. */
export function fleetConfigTopic(prefix: string): string {
  checkPrefix(prefix);
  return `${prefix}/fleet/config`;
}

/** Where a command for `kioskId` (or ALL_KIOSKS) is published. */
export function commandTopic(prefix: string, kioskId: string): string {
  checkPrefix(prefix);
  if (kioskId !== ALL_KIOSKS && !isValidKioskId(kioskId)) throw new Error('invalid kiosk id');
  return `${prefix}/kiosks/${kioskId}/commands`;
}

/** Where a signed config for one kiosk is published. */
export function kioskConfigTopic(prefix: string, kioskId: string): string {
  return kioskTopics(prefix, kioskId).config;
}

/** A subscription to one kind of topic of every kiosk, e.g. `P/kiosks/+/status`. */
export function everyKiosk(prefix: string, kind: KioskTopicKind): string {
  checkPrefix(prefix);
  return `${prefix}/kiosks/+/${kind}`;
}

export interface ParsedKioskTopic {
  kioskId: string;
  kind: KioskTopicKind;
}

const KINDS: readonly KioskTopicKind[] = [...KIOSK_OUTBOUND, ...KIOSK_INBOUND];

function isKind(text: string): text is KioskTopicKind {
  return (KINDS as readonly string[]).includes(text);
}

/** The kiosk and kind a topic under `P/kiosks/…` names, or null for anything else. */
export function parseKioskTopic(prefix: string, topic: string): ParsedKioskTopic | null {
  const head = `${prefix}/kiosks/`;
  if (!topic.startsWith(head)) return null;
  const rest = topic.slice(head.length).split('/');
  if (rest.length !== 2) return null;
  const [kioskId = '', kind = ''] = rest;
  if (!isValidKioskId(kioskId) || !isKind(kind)) return null;
  return { kioskId, kind };
}

/** Where one kiosk sends the chunks of a diagnostics bundle (not retained). */
export function diagnosticsTopic(prefix: string, kioskId: string): string {
  checkPrefix(prefix);
  if (!isValidKioskId(kioskId)) throw new Error('invalid kiosk id');
  return `${prefix}/kiosks/${kioskId}/diagnostics`;
}

/** The kiosk a diagnostics topic belongs to, or null for any other topic. */
export function parseDiagnosticsTopic(prefix: string, topic: string): string | null {
  const head = `${prefix}/kiosks/`;
  const tail = '/diagnostics';
  if (!topic.startsWith(head) || !topic.endsWith(tail)) return null;
  const kioskId = topic.slice(head.length, topic.length - tail.length);
  return isValidKioskId(kioskId) ? kioskId : null;
}

/** A rollout's id: the same characters as a kiosk id, so its topic names one rollout only. */
export function isValidRolloutId(id: string): boolean {
  return KIOSK_ID_PATTERN.test(id);
}

/** Where a staged rollout's state is kept, retained; only the operator may write it. */
export function rolloutTopic(prefix: string, rolloutId: string): string {
  checkPrefix(prefix);
  if (!isValidRolloutId(rolloutId)) throw new Error('invalid rollout id');
  return `${prefix}/fleet/rollouts/${rolloutId}`;
}

/** The subscription to every rollout's state. */
export function everyRollout(prefix: string): string {
  checkPrefix(prefix);
  return `${prefix}/fleet/rollouts/+`;
}

/** The rollout a topic under `P/fleet/rollouts/` names, or null for anything else. */
export function parseRolloutTopic(prefix: string, topic: string): string | null {
  const head = `${prefix}/fleet/rollouts/`;
  if (!topic.startsWith(head)) return null;
  const id = topic.slice(head.length);
  return isValidRolloutId(id) ? id : null;
}

/** Where a signed config for one group (a store or a region) is published, retained. */
export function groupConfigTopic(prefix: string, kind: 'store' | 'region', id: string): string {
  checkPrefix(prefix);
  if (!KIOSK_ID_PATTERN.test(id)) throw new Error(`invalid ${kind} id`);
  return `${prefix}/fleet/${kind === 'store' ? 'stores' : 'regions'}/${id}/config`;
}
