/**
 * The will keeper behind `npm run fleet:will-keeper` (and inside `npm run fleet:cluster`):
 * it says the Last Wills a crashed broker node took with it.
 *
 * A node publishes a client's Last Will when that client's connection dies, and keeps it in
 * the node's own memory until then, so a node that crashes publishes none: its kiosks
 * would look online until they reach another node and say what happened. The keeper holds
 * one connection to every node, reads every kiosk's status (which names its node on a
 * cluster) and, when a node is lost, publishes through a node that is up the will of each
 * kiosk that was on it:
 * - at once, live (QoS 0, not retained), so consoles show those kiosks offline while their
 *   node is down, even while the lost node's share of JetStream is re-elected (a live
 *   QoS 0 message needs no JetStream);
 * - after `settleMs`, retained, for those that did not come back (a kiosk that died with its
 *   node), so a console that connects later sees them offline too.
 * A kiosk that moves says online from its new node, which ends it; one that reads its own
 * status as offline while it is up says its status again (fleet-client.ts).
 *
 * A node counts as lost when nothing listens on it any more (its connection refused) or when
 * it stays unreachable for `confirmMs`: a node that merely dropped the keeper's connection
 * (NATS does when a QoS 1 store times out) takes it back and loses nothing. A keeper that
 * has lost every node says nothing: that is its own link, not the nodes.
 */
import { readFileSync } from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import { nodeName } from '../../shared/fleet/broker-choice';
import { everyKiosk, SUBSCRIPTION_QOS } from '../../shared/fleet/topics';
import { createWillTable, type KeptWill, type WillTable } from './will-keeper-table';

export interface WillKeeperOptions {
  /** Every node, as the kiosks name them in fleet.brokerUrls (mqtt:// or mqtts://). */
  brokerUrls: readonly string[];
  prefix: string;
  username?: string;
  password?: string;
  /** PEM file of the brokers' CA, for mqtts://. */
  caFile?: string;
  /** After a node is lost, how long its kiosks have to come back before their wills are kept. */
  settleMs?: number;
  /** How long a node that drops the keeper but does not refuse it may take to come back. */
  confirmMs?: number;
  keepaliveSeconds?: number;
  log?: (line: string) => void;
}

export interface WillKeeper {
  readonly table: WillTable;
  /** The nodes the keeper is connected to now. */
  readonly nodesUp: string[];
  /** The node the keeper reads the kiosks' statuses through; null: none up. */
  readonly readerNode: string | null;
  close: () => Promise<void>;
}

interface Link {
  node: string;
  client: MqttClient;
  up: boolean;
  /** The link was lost and the node not yet judged: the table's mark then, and the check. */
  suspect: { mark: number; timer: NodeJS.Timeout } | null;
  /** When the keeper last reached the node's listener (its CONNECT sent): it is alive. */
  answeredAt: number;
  lost: boolean;
}

/** As long as a kiosk takes to move at the most: 2 × its default 30 s keepalive. */
const DEFAULT_SETTLE_MS = 60_000;
const DEFAULT_CONFIRM_MS = 10_000;
/**
 * Wills go out 100 at a time, 50 ms apart (2,000 a second): a node's thousands of kiosks
 * said offline in one burst would reach every console at once, and a console on an
 * operator's laptop folds and redraws a paced stream in frames instead of one long task.
 */
const BATCH = 100;
const BATCH_GAP_MS = 50;
/** How soon a refused status subscription is asked for again. */
const RESUBSCRIBE_MS = 2000;

/** What the keeper's parts share: its settings, its table, its links and its timers. */
interface Keeper {
  readonly options: WillKeeperOptions;
  readonly log: (line: string) => void;
  readonly settleMs: number;
  readonly confirmMs: number;
  readonly table: WillTable;
  readonly statusTopic: string;
  readonly timers: Set<NodeJS.Timeout>;
  links: Link[];
  reader: Link | null;
  closed: boolean;
}

/** Runs `task` after `ms`, unless the keeper closes first. */
function later(keeper: Keeper, ms: number, task: () => void): void {
  const timer = setTimeout(() => {
    keeper.timers.delete(timer);
    task();
  }, ms);
  keeper.timers.add(timer);
}

/**
 * The link to say wills through: one that is up and not the reader when there is one. A
 * reader that just subscribed again (its node was the lost one) waits for the retained
 * statuses, which a node holds while the lost node's share of JetStream is re-elected,
 * and its node reads nothing else from that connection meanwhile.
 */
function liveLink(keeper: Keeper): Link | null {
  const { links, reader } = keeper;
  return links.find((link) => link.up && link !== reader) ?? (reader?.up === true ? reader : null);
}

/**
 * Every status again, retained, from the reader: the table takes them as they come. A
 * node refuses a subscription while a lost node's share of JetStream is re-elected: the
 * keeper asks again a little later, on the same connection, while it is still the reader.
 */
function subscribeReader(keeper: Keeper, link: Link): void {
  link.client.subscribe(keeper.statusTopic, { qos: SUBSCRIPTION_QOS }, (error, granted) => {
    if (keeper.closed || keeper.reader !== link) return;
    if (!error && granted?.some((grant) => grant.qos === 128) !== true) return;
    keeper.log(`Will keeper: ${link.node} refused the status subscription; asking again`);
    later(keeper, RESUBSCRIBE_MS, () => {
      if (!keeper.closed && keeper.reader === link && link.up) subscribeReader(keeper, link);
    });
  });
}

function chooseReader(keeper: Keeper): void {
  if (keeper.closed || keeper.reader?.up === true) return;
  keeper.reader = keeper.links.find((link) => link.up) ?? null;
  if (keeper.reader) subscribeReader(keeper, keeper.reader);
}

async function publishWills(keeper: Keeper, wills: KeptWill[], retain: boolean): Promise<number> {
  let sent = 0;
  for (let from = 0; from < wills.length; from += BATCH) {
    if (from > 0) await new Promise((resolve) => setTimeout(resolve, BATCH_GAP_MS));
    if (keeper.closed) break;
    const link = liveLink(keeper);
    if (!link) break;
    const batch = wills.slice(from, from + BATCH);
    const results = await Promise.allSettled(
      batch.map((kept) =>
        link.client.publishAsync(kept.topic, JSON.stringify(kept.will), {
          qos: retain ? 1 : 0,
          retain,
        }),
      ),
    );
    sent += results.filter((result) => result.status === 'fulfilled').length;
  }
  return sent;
}

/** Says a lost node's wills live at once, and keeps those of kiosks not back after settleMs. */
function nodeLost(keeper: Keeper, link: Link, mark: number): void {
  const { table, log } = keeper;
  link.lost = true;
  if (keeper.closed) return;
  if (!keeper.links.some((other) => other.up)) {
    log(`Will keeper: lost ${link.node} and every other node: its own link, not the nodes`);
    return;
  }
  const wills = table.willsOn(link.node, mark);
  const through = liveLink(keeper)?.node ?? 'no node';
  void publishWills(keeper, wills, false).then((sent) => {
    log(
      `Will keeper: node ${link.node} lost; said ${sent} of its kiosks offline through ${through} (reading through ${keeper.reader?.node ?? 'none'})`,
    );
  });
  later(keeper, keeper.settleMs, () => {
    // Those not heard from since the node went: their will, kept for later consoles.
    const left = table.willsOn(link.node, mark);
    void publishWills(keeper, left, true).then((kept) => {
      // Said for good: a later loss of the same node does not say them again.
      for (const will of left) table.forget(will.kioskId, will.takenAt);
      log(`Will keeper: ${kept} kiosks of ${link.node} did not come back; their wills kept`);
    });
  });
}

/**
 * Lost: refused (nothing listens), or not reached at all for `confirmMs`. A node that
 * takes the keeper's TCP connection but holds its CONNECT (it does while a lost node's
 * share of JetStream is re-elected) is alive, and is looked at again later.
 */
function judge(keeper: Keeper, link: Link, refused: boolean): void {
  const suspect = link.suspect;
  if (!suspect || link.lost) return;
  clearTimeout(suspect.timer);
  if (!refused && Date.now() - link.answeredAt < keeper.confirmMs) {
    suspect.timer = setTimeout(() => judge(keeper, link, false), keeper.confirmMs);
    return;
  }
  link.suspect = null;
  nodeLost(keeper, link, suspect.mark);
}

/** One node's connection, and what the keeper does as it comes, goes and delivers. */
function openLink(keeper: Keeper, url: string, index: number, ca: Buffer | undefined): Link {
  const { options } = keeper;
  const node = nodeName(url) ?? url;
  const client = mqtt.connect(url, {
    clientId: `will-keeper-${Math.random().toString(16).slice(2, 10)}-${index}`,
    clean: true,
    keepalive: options.keepaliveSeconds ?? 10,
    reconnectPeriod: 500,
    connectTimeout: 5000,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
    ...(ca ? { ca } : {}),
  });
  const link: Link = {
    node,
    client,
    up: false,
    suspect: null,
    lost: false,
    answeredAt: Number.NEGATIVE_INFINITY,
  };
  client.on('packetsend', (packet) => {
    // MQTT.js writes CONNECT once the TCP (or TLS) connection is open.
    if (packet.cmd === 'connect') link.answeredAt = Date.now();
  });
  client.on('connect', () => {
    link.up = true;
    if (link.suspect) clearTimeout(link.suspect.timer);
    link.suspect = null;
    if (link.lost) keeper.log(`Will keeper: node ${node} is back`);
    link.lost = false;
    chooseReader(keeper);
  });
  client.on('close', () => {
    if (!link.up) return;
    link.up = false;
    if (keeper.reader === link) {
      keeper.reader = null;
      chooseReader(keeper);
    }
    const timer = setTimeout(() => judge(keeper, link, false), keeper.confirmMs);
    link.suspect = { mark: keeper.table.clock, timer };
  });
  client.on('error', (error) => {
    const code = (error as { code?: unknown }).code;
    // Nothing listens where the node was: it is gone, not busy.
    if (code === 'ECONNREFUSED') judge(keeper, link, true);
  });
  client.on('message', (topic, payload, packet) => {
    if (keeper.reader !== link) return;
    keeper.table.take(topic, payload, packet.retain);
  });
  return link;
}

export function startWillKeeper(options: WillKeeperOptions): WillKeeper {
  const keeper: Keeper = {
    options,
    log: options.log ?? (() => undefined),
    settleMs: options.settleMs ?? DEFAULT_SETTLE_MS,
    confirmMs: options.confirmMs ?? DEFAULT_CONFIRM_MS,
    table: createWillTable(options.prefix),
    statusTopic: everyKiosk(options.prefix, 'status'),
    timers: new Set(),
    links: [],
    reader: null,
    closed: false,
  };
  const ca = options.caFile ? readFileSync(options.caFile) : undefined;
  keeper.links = options.brokerUrls.map((url, index) => openLink(keeper, url, index, ca));
  const { links } = keeper;

  return {
    table: keeper.table,
    get nodesUp() {
      return links.filter((link) => link.up).map((link) => link.node);
    },
    get readerNode() {
      const reader = keeper.reader;
      return reader?.up === true ? reader.node : null;
    },
    close: async () => {
      keeper.closed = true;
      for (const timer of keeper.timers) clearTimeout(timer);
      for (const link of links) if (link.suspect) clearTimeout(link.suspect.timer);
      await Promise.all(links.map((link) => link.client.endAsync(true).catch(() => undefined)));
    },
  };
}
