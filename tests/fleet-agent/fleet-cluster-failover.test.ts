/**
 * The fleet on a 3-node NATS cluster that loses a node and loses nothing: real nats-server
 * nodes (tests/support/nats-cluster.ts), real fleet clients given every node's URL
 * (fleet.brokerUrls), and the console's own reader and fold (fleet-console/fleet) driven by
 * a real subscription on a node that stays up.
 *
 * - A crash (SIGKILL) of the node some kiosks are on: each moves to another node within
 *   2 × keepalive, and the console shows it offline (the will keeper's word, or its own
 *   report once it moved: the node took its Last Will with it), then online; a command sent
 *   to them meanwhile is acknowledged or, once its time is up, reported as not delivered
 *   (fleet-console/kiosks/commands/command-delivery.ts). A kiosk that died with the node is shown
 *   offline while the node is down, through the will keeper (services/will-keeper/will-keeper.ts),
 *   and its will is kept retained once the others have had time to move.
 * - Retained configs, certificates and a rollout's state are on every node after the crash
 *   and after the node rejoins, once each.
 * - A kiosk's own connection dies: the node publishes its Last Will, and the console on
 *   another node shows it offline, then online again.
 * - A planned stop (lame duck mode) of another node: its kiosks are shown offline (their
 *   Last Wills, or their own reports where the node's shutdown lost a will) and are online
 *   on the other nodes within 2 × keepalive.
 * - Restarted nodes rejoin; nothing is duplicated (retained messages, acks).
 *
 * The console here is a plain MQTT.js client with the console's subscriptions, its QoS and
 * its fold; like the console's worker it connects again when a node drops it.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyFleet,
  applyMessages,
  recordCommand,
  type FleetState,
} from '../../fleet-console/fleet/fleet-state';
import { deliveryOf } from '../../fleet-console/kiosks/commands/command-delivery';
import { consoleSubscriptions } from '../../fleet-console/protocol/fleet-topics';
import { nodeName } from '../../shared/fleet/broker-choice';
import { COMMAND_QOS, kioskTopics } from '../../shared/fleet/topics';
import { startWillKeeper, type WillKeeper } from '../../services/will-keeper/will-keeper';
import {
  natsServerUnavailable,
  startNatsClusterBroker,
  type NatsClusterBroker,
} from '../support/nats-cluster';
import { sleep, startKiosk, type TestKiosk } from './support/fleet-fixtures';

const skipReason = natsServerUnavailable();
if (skipReason) console.log(`[cluster tests] skipped: ${skipReason}`);

/** A third of the kiosk's default (30 s), its backoff scaled alike: the budget is 20 s. */
const KEEPALIVE_SECONDS = 10;
const BACKOFF = { baseMs: 333, capMs: 20_000, afterLossMs: 3333 };
/** The console's wait for acknowledgements, shortened to the test's scale. */
const ACK_TIMEOUT_MS = 8000;
const KIOSKS = Object.fromEntries(
  Array.from({ length: 6 }, (_, n) => [`kiosk-${n + 1}`, `pw-${n + 1}`]),
);
/** A kiosk that dies with its node: it never comes back to say so itself. */
const DEAD_KIOSK = 'kiosk-dead';
/** How long the will keeper gives a lost node's kiosks to move before it keeps their wills. */
const SETTLE_MS = 10_000;

async function until<T>(
  what: string,
  probe: () => T | undefined | false,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(25);
  }
}

/**
 * The promise's value, or a rejection after `ms`: a node may hold a PUBACK or SUBACK while a
 * crashed node's share of JetStream is re-elected, and no step here waits for ever.
 */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Every retained message under the prefix a fresh subscriber on `url` gets, by topic. */
async function retainedOn(broker: NatsClusterBroker, url: string): Promise<Map<string, string[]>> {
  // A node holds a new session's CONNECT while a crashed node's share of JetStream is
  // re-elected: the reader waits for that (as a kiosk's backoff does), within 2 × keepalive.
  const deadline = Date.now() + 2 * KEEPALIVE_SECONDS * 1000;
  for (;;) {
    try {
      return await readRetained(broker, url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(500);
    }
  }
}

async function readRetained(
  broker: NatsClusterBroker,
  url: string,
): Promise<Map<string, string[]>> {
  const client = await mqtt.connectAsync(url, {
    ...broker.operator,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  const seen = new Map<string, string[]>();
  client.on('message', (topic, payload, packet) => {
    if (packet.retain) seen.set(topic, [...(seen.get(topic) ?? []), payload.toString()]);
  });
  // QoS 0, as the kiosks subscribe: the same retained records, without a JetStream consumer
  // of its own, which a node refuses while a crashed node's share is being re-elected.
  await within(
    client.subscribeAsync(`${broker.prefix}/#`, { qos: 0 }),
    5000,
    'the reader subscribed',
  ).catch(async (error: unknown) => {
    await client.endAsync(true);
    throw error;
  });
  await sleep(1500);
  await client.endAsync(true);
  return seen;
}

describe.skipIf(skipReason !== null)('the fleet on a 3-node NATS cluster', () => {
  let broker: NatsClusterBroker;
  let console_: MqttClient;
  let keeper: WillKeeper;
  let fleet: FleetState = emptyFleet();
  const kiosks: TestKiosk[] = [];
  /** Every ack the console received: topic and command id. */
  const acks: { kioskId: string; id: string }[] = [];
  const retainedTopics = {
    config: '',
    certificate: '',
    rollout: '',
  };

  const presence = (kioskId: string) => fleet.kiosks.get(kioskId)?.presence;
  /** Every kiosk the console's fold has shown offline, as each message is applied. */
  const shownOffline = new Set<string>();
  /** When the console first showed each kiosk offline through the will keeper. */
  const saidByKeeper = new Map<string, number>();

  beforeAll(async () => {
    broker = await startNatsClusterBroker({
      kiosks: { ...KIOSKS, [DEAD_KIOSK]: 'pw-dead' },
      counters: { 'counter-1': 'pw-c' },
    });
    keeper = startWillKeeper({
      brokerUrls: broker.tcpUrls,
      prefix: broker.prefix,
      ...broker.keeper,
      settleMs: SETTLE_MS,
      confirmMs: 3000,
      log: (line) => console.log(`[keeper] ${new Date().toISOString()} ${line}`),
    });
    const [, , third] = broker.cluster.nodes;
    if (!third) throw new Error('no third node');
    // The console, on node 3 through its WebSockets bridge, as the page's worker connects,
    // and back within a second if a node drops it, its subscriptions renewed.
    console_ = await mqtt.connectAsync(third.wsUrl, {
      ...broker.operator,
      clientId: 'console-cluster-test',
      reconnectPeriod: 1000,
    });
    console_.on('message', (topic, payload, packet) => {
      fleet = applyMessages(
        fleet,
        [
          {
            topic,
            payload: new Uint8Array(payload),
            retained: packet.retain,
            receivedAt: Date.now(),
          },
        ],
        broker.prefix,
      );
      const kioskId = /\/kiosks\/([^/]+)\/status$/.exec(topic)?.[1];
      if (kioskId !== undefined && presence(kioskId) === 'offline') {
        shownOffline.add(kioskId);
        if (fleet.kiosks.get(kioskId)?.nodeLost != null && !saidByKeeper.has(kioskId)) {
          saidByKeeper.set(kioskId, Date.now());
        }
      }
      const ack = /\/kiosks\/([^/]+)\/acks$/.exec(topic);
      if (ack?.[1]) {
        acks.push({ kioskId: ack[1], id: (JSON.parse(payload.toString()) as { id: string }).id });
      }
    });
    for (const { topic, qos } of consoleSubscriptions(broker.prefix)) {
      await console_.subscribeAsync(topic, { qos });
    }
    // What must survive: a fleet config, a certificate and a rollout's state, retained.
    retainedTopics.config = `${broker.prefix}/fleet/config`;
    retainedTopics.certificate = `${broker.prefix}/kiosks/kiosk-1/certificates/cert-1`;
    retainedTopics.rollout = `${broker.prefix}/fleet/rollouts/rollout-1`;
    for (const topic of Object.values(retainedTopics)) {
      await console_.publishAsync(topic, JSON.stringify({ kept: topic }), { qos: 1, retain: true });
    }
    // Six kiosks over the three nodes: the injected draws put two on each.
    for (let n = 0; n < 6; n += 1) {
      const kioskId = `kiosk-${n + 1}`;
      const draw = (n + 0.5) / 6;
      kiosks.push(
        startKiosk(broker, {
          kioskId,
          password: KIOSKS[kioskId],
          brokerUrls: broker.tcpUrls,
          keepaliveSeconds: KEEPALIVE_SECONDS,
          backoff: BACKOFF,
          random: () => draw,
        }),
      );
    }
    await until(
      'all six online in the console',
      () =>
        kiosks.every((k) => presence(k.client.topics.status.split('/').at(-2) ?? '') === 'online'),
      30_000,
    );
  }, 90_000);

  afterEach((context) => {
    // What the nodes and kiosks said, when a step failed: the cause is in there.
    if (context.task.result?.state !== 'fail') return;
    console.log(broker.log());
    for (const kiosk of kiosks) console.log(kiosk.log.lines.slice(-12).join('\n'));
  });

  afterAll(async () => {
    await Promise.all(kiosks.map(({ client }) => client.stop()));
    // Set only if beforeAll got that far: the nodes are stopped whatever failed before.
    const started = {
      console: console_ as MqttClient | undefined,
      keeper: keeper as WillKeeper | undefined,
      broker: broker as NatsClusterBroker | undefined,
    };
    await started.console?.endAsync(true);
    await started.keeper?.close();
    await started.broker?.dispose();
  }, 60_000);

  it('spreads the kiosks over the nodes by their draws', () => {
    const perNode = broker.cluster.nodes.map(
      (node) => kiosks.filter((kiosk) => kiosk.client.brokerUrl === node.mqttUrl).length,
    );
    expect(perNode).toEqual([2, 2, 2]);
  });

  it('a node crash: its kiosks move to other nodes within 2 × keepalive; commands meanwhile are acked or reported not delivered', async () => {
    const [first] = broker.cluster.nodes;
    if (!first) throw new Error('no first node');
    const victims = kiosks.filter((kiosk) => kiosk.client.brokerUrl === first.mqttUrl);
    expect(victims).toHaveLength(2);
    // A kiosk on the same node that will die with it: its status names the node, as a
    // kiosk given several brokers says it, and it has its Last Will with the node.
    const firstNode = nodeName(first.mqttUrl) ?? '';
    const deadTopic = kioskTopics(broker.prefix, DEAD_KIOSK).status;
    const dead = await mqtt.connectAsync(first.mqttUrl, {
      username: DEAD_KIOSK,
      password: 'pw-dead',
      clientId: DEAD_KIOSK,
      reconnectPeriod: 0,
      will: { topic: deadTopic, payload: Buffer.from('{"state":"offline"}'), qos: 1, retain: true },
    });
    dead.on('error', () => undefined);
    await dead.publishAsync(
      deadTopic,
      JSON.stringify({
        state: 'online',
        version: '0.1.0',
        startedAt: new Date(0).toISOString(),
        publicKey: null,
        node: firstNode,
      }),
      { qos: 1, retain: true },
    );
    await until(
      'the dead kiosk online in the console',
      () => presence(DEAD_KIOSK) === 'online',
      10_000,
    );
    await until(
      'the keeper placing every kiosk of the first node',
      () => keeper.table.willsOn(firstNode).length === 3,
      10_000,
    );
    shownOffline.clear();
    saidByKeeper.clear();
    const killedAt = Date.now();
    await first.stop('SIGKILL');
    // While the node is down: the kiosk that died with it, offline through the will keeper.
    await until(
      'the dead kiosk shown offline through the will keeper',
      () => saidByKeeper.has(DEAD_KIOSK),
      5000,
    );
    console.log(
      `[cluster] the will keeper said ${[...saidByKeeper.keys()].join(', ')} offline after ${[
        ...saidByKeeper.values(),
      ]
        .map((at) => at - killedAt)
        .join(', ')} ms`,
    );
    expect(fleet.kiosks.get(DEAD_KIOSK)?.nodeLost).toBe(firstNode);
    // The keeper itself keeps reading through a node that is up (its reader may have been
    // on the one that went), and places each moved kiosk on its new node.
    const survivors = broker.cluster.nodes.slice(1).map((node) => nodeName(node.mqttUrl));
    await until(
      'the will keeper reading through a surviving node, and placing the moved kiosks there',
      () =>
        keeper.nodesUp.length === 2 &&
        survivors.includes(keeper.readerNode) &&
        victims.every((kiosk) =>
          keeper.table
            .willsOn(nodeName(kiosk.client.brokerUrl) ?? '')
            .some((kept) => kept.topic === kiosk.client.topics.status),
        ) &&
        victims.every((kiosk) => kiosk.client.brokerUrl !== first.mqttUrl),
      2 * KEEPALIVE_SECONDS * 1000,
    );
    // Commands to the victims while their node is gone, tracked as the console does.
    const sent = victims.map((kiosk, index) => {
      const kioskId = kiosk.client.topics.status.split('/').at(-2) ?? '';
      const id = `failover-${index}`;
      fleet = recordCommand(fleet, {
        id,
        command: 'ping',
        target: kioskId,
        sentAt: Date.now(),
        expected: 1,
      });
      void console_
        .publishAsync(
          kioskTopics(broker.prefix, kioskId).commands,
          JSON.stringify({ id, command: 'ping', args: {} }),
          { qos: COMMAND_QOS },
        )
        .catch(() => undefined);
      return { id, kioskId };
    });
    const movedIn = await Promise.all(
      victims.map(async (kiosk) => {
        await until(
          'the kiosk online on another node',
          () => kiosk.client.state === 'online' && kiosk.client.brokerUrl !== first.mqttUrl,
          2 * KEEPALIVE_SECONDS * 1000,
        ).catch((error: unknown) => {
          throw new Error(
            `${String(error)} (${kiosk.client.state} at ${kiosk.client.brokerUrl})\n${kiosk.log.lines.join('\n')}\n${broker.log()}`.slice(
              -8000,
            ),
          );
        });
        return Date.now() - killedAt;
      }),
    );
    console.log(`[cluster] moved to another node after ${movedIn.join(', ')} ms`);
    for (const ms of movedIn) expect(ms).toBeLessThan(2 * KEEPALIVE_SECONDS * 1000);
    // Shown offline from when each lost its link (its own report: a crashed node publishes
    // no Last Will), then back online in the console, on its new node, within the same
    // 2 × keepalive: a node holds a retained message for up to 4 s while the crashed node's
    // share of JetStream is re-elected, so the console may hear both a little after the move.
    for (const { kioskId } of sent) {
      await until(
        `${kioskId} shown offline, then online in the console`,
        () => shownOffline.has(kioskId) && presence(kioskId) === 'online',
        Math.max(0, killedAt + 2 * KEEPALIVE_SECONDS * 1000 - Date.now()),
      );
      const lostLink = fleet.kiosks.get(kioskId)?.lostLink;
      expect(lostLink?.lostAt).toBeGreaterThanOrEqual(killedAt - 1000);
      expect(lostLink?.reportedAt).toBeLessThan(killedAt + 2 * KEEPALIVE_SECONDS * 1000);
    }
    console.log(`[cluster] offline, then online in the console after ${Date.now() - killedAt} ms`);
    // Each command: acknowledged, or past its time reported as not delivered; never silent.
    await sleep(ACK_TIMEOUT_MS);
    for (const { id } of sent) {
      const command = fleet.commands.find((one) => one.id === id);
      if (!command) throw new Error(`command ${id} not tracked`);
      const delivery = deliveryOf(command, Date.now(), ACK_TIMEOUT_MS);
      expect(['acknowledged', 'not-delivered']).toContain(delivery.state);
    }
    // Each moved kiosk takes commands again: a ping, sent again (as an operator would after
    // "not delivered") while a node still refuses the kiosk's subscriptions, is acknowledged.
    for (const { kioskId } of sent) {
      const deadline = Date.now() + 2 * KEEPALIVE_SECONDS * 1000;
      let acked = false;
      for (let attempt = 0; !acked && Date.now() < deadline; attempt += 1) {
        const id = `after-${kioskId}-${attempt}`;
        // As the console sends: the kiosk's ack tells.
        void console_
          .publishAsync(
            kioskTopics(broker.prefix, kioskId).commands,
            JSON.stringify({ id, command: 'ping', args: {} }),
            { qos: COMMAND_QOS },
          )
          .catch(() => undefined);
        acked = await until(
          `${kioskId} acks ${id}`,
          () => acks.some((ack) => ack.id === id),
          3000,
        ).then(
          () => true,
          () => false,
        );
      }
      expect(acked, `${kioskId} acknowledged a ping within 2 × keepalive of moving`).toBe(true);
    }
    // The kiosk that died with its node stays offline, its will kept retained for a console
    // that connects later.
    await sleep(Math.max(0, killedAt + SETTLE_MS + 2000 - Date.now()));
    expect(presence(DEAD_KIOSK)).toBe('offline');
    // Nothing retained was lost: every surviving node still has each record, once.
    for (const node of broker.cluster.nodes.slice(1)) {
      const retained = await retainedOn(broker, node.mqttUrl);
      expect(
        JSON.parse(retained.get(deadTopic)?.[0] ?? '{}'),
        `${deadTopic} on ${node.name}`,
      ).toMatchObject({
        state: 'offline',
        nodeLost: firstNode,
      });
      for (const topic of Object.values(retainedTopics)) {
        expect(retained.get(topic), `${topic} on ${node.name}`).toEqual([
          JSON.stringify({ kept: topic }),
        ]);
      }
    }
  }, 120_000);

  it('the crashed node rejoins: it serves the same retained records, once each, and kiosks may use it again', async () => {
    const [first] = broker.cluster.nodes;
    if (!first) throw new Error('no first node');
    await first.start();
    for (const kiosk of kiosks) {
      const kioskId = kiosk.client.topics.status.split('/').at(-2) ?? '';
      await until(
        `${kioskId} online`,
        () => presence(kioskId) === 'online',
        2 * KEEPALIVE_SECONDS * 1000,
      );
    }
    const retained = await retainedOn(broker, first.mqttUrl);
    for (const topic of Object.values(retainedTopics)) {
      expect(retained.get(topic), `${topic} on ${first.name}`).toEqual([
        JSON.stringify({ kept: topic }),
      ]);
    }
    // One retained status per kiosk, each online.
    for (const kiosk of kiosks) {
      const statuses = retained.get(kiosk.client.topics.status) ?? [];
      expect(statuses).toHaveLength(1);
      expect(JSON.parse(statuses[0] ?? '{}')).toMatchObject({ state: 'online' });
    }
  }, 60_000);

  it("a kiosk's own connection dies: the console on another node shows it offline through its Last Will, then online again", async () => {
    const [kiosk] = kiosks;
    if (!kiosk) throw new Error('no kiosk');
    const kioskId = kiosk.client.topics.status.split('/').at(-2) ?? '';
    const connection = kiosk.connections.at(-1);
    if (!connection) throw new Error('no connection');
    shownOffline.clear();
    // As a kiosk's network cable pulled: no DISCONNECT, the node publishes the will.
    connection.stream.destroy();
    await until(`${kioskId} shown offline`, () => shownOffline.has(kioskId), 15_000);
    await until(
      `${kioskId} online again`,
      () => presence(kioskId) === 'online',
      2 * KEEPALIVE_SECONDS * 1000,
    );
  }, 60_000);

  it('a planned stop (lame duck): its kiosks move to other nodes and the console shows them online there', async () => {
    const [, second] = broker.cluster.nodes;
    if (!second) throw new Error('no second node');
    const victims = kiosks.filter((kiosk) => kiosk.client.brokerUrl === second.mqttUrl);
    expect(victims.length).toBeGreaterThan(0);
    shownOffline.clear();
    const stoppedAt = Date.now();
    await second.lameDuck();
    for (const kiosk of victims) {
      const kioskId = kiosk.client.topics.status.split('/').at(-2) ?? '';
      await until(
        `${kioskId} shown offline, then online on another node`,
        () =>
          kiosk.client.state === 'online' &&
          kiosk.client.brokerUrl !== second.mqttUrl &&
          shownOffline.has(kioskId) &&
          presence(kioskId) === 'online',
        Math.max(0, stoppedAt + 2 * KEEPALIVE_SECONDS * 1000 - Date.now()),
      );
    }
    await second.start();
  }, 90_000);

  it('after both nodes are back nothing is duplicated: one ack per command and kiosk, one retained record each', async () => {
    const perAck = new Map<string, number>();
    for (const ack of acks)
      perAck.set(`${ack.kioskId} ${ack.id}`, (perAck.get(`${ack.kioskId} ${ack.id}`) ?? 0) + 1);
    expect([...perAck.values()].every((count) => count === 1)).toBe(true);
    for (const node of broker.cluster.nodes) {
      const retained = await retainedOn(broker, node.mqttUrl);
      for (const topic of Object.values(retainedTopics)) {
        expect(retained.get(topic), `${topic} on ${node.name}`).toHaveLength(1);
      }
    }
  }, 60_000);
});
