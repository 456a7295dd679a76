/**
 * The handover desk against a real Mosquitto, with two counters on their own connections
 * and counter logins: one shared record per receipt, at most one handover when both scan
 * at the same moment (a hundred times over), the record kept across a broker restart, the
 * crash between claim and record, and what a counter handed over while offline. Then, on a
 * broker in memory with MQTT's ordering, hostile retained records.
 */
import fc from 'fast-check';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_CLOCK_TOLERANCE_MS,
  claimInterrupted,
  createHandoverDesk,
  NOT_THE_SHOPS_BROKER,
  STALE_CLAIM_MS,
  type HandoverQueueStore,
  type HandoverTransport,
} from '../../../fleet-console/counter/handover-desk';
import {
  conflictSchema,
  handoverMessageSchema,
  recordSchema,
} from '../../../shared/fleet/handover-messages';
import {
  handoverClaimTopic,
  handoverConflictTopic,
  handoverTopic,
} from '../../../shared/fleet/trust/trust-topics';
import {
  BROKER_SUITE,
  fleetBrokers,
  startFleetBroker,
  type FleetBroker,
} from '../../support/fleet-brokers';
import {
  COUNTER_PASSWORD,
  memoryQueue,
  startCounter,
  type TestCounter,
} from './support/mqtt-counter';

const KIOSK = 'kiosk-a';
const receipt = (n: number) => `Receipt-1700000${String(n).padStart(6, '0')}-${n % 1000}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The operator's view of the handover topics: every message, in order, per topic. */
async function watchHandovers(broker: FleetBroker) {
  const client: MqttClient = await mqtt.connectAsync(broker.tcpUrl, {
    ...broker.operator,
    reconnectPeriod: 0,
  });
  const seen = new Map<string, unknown[]>();
  client.on('message', (topic, payload) => {
    if (payload.length === 0) return;
    const list = seen.get(topic) ?? [];
    list.push(JSON.parse(payload.toString('utf8')));
    seen.set(topic, list);
  });
  await client.subscribeAsync(`${broker.prefix}/handovers/#`, { qos: 1 });
  return {
    claims: (topic: string) =>
      (seen.get(topic) ?? []).filter(
        (message) => handoverMessageSchema.parse(message).type === 'claim',
      ).length,
    close: () => client.endAsync(true),
  };
}

/** The retained message on a topic, read by a fresh operator connection; null if none. */
async function retained(broker: FleetBroker, topic: string): Promise<unknown> {
  const reader = await mqtt.connectAsync(broker.tcpUrl, { ...broker.operator, reconnectPeriod: 0 });
  try {
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), 1500);
      reader.on('message', (_topic, payload, packet) => {
        if (!packet.retain) return;
        clearTimeout(timer);
        resolve(JSON.parse(payload.toString('utf8')));
      });
      void reader.subscribeAsync(topic, { qos: 1 });
    });
  } finally {
    await reader.endAsync(true);
  }
}

describe.each(fleetBrokers())('the handover record on a real broker: %s', BROKER_SUITE, (kind) => {
  let broker: FleetBroker;
  const counters: TestCounter[] = [];
  const counter = async (user: string, name: string, setup: object = {}) => {
    const started = await startCounter(broker, { user, name, ...setup });
    counters.push(started);
    return started;
  };
  const topicOf = (receiptId: string) => handoverTopic(broker.prefix, KIOSK, receiptId);

  beforeAll(async () => {
    broker = await startFleetBroker(kind, {
      counters: { 'counter-1': COUNTER_PASSWORD, 'counter-2': COUNTER_PASSWORD },
      kiosks: { [KIOSK]: 'kiosk-secret' },
    });
  }, 60_000);

  afterEach(async () => {
    await Promise.all(counters.splice(0).map((started) => started.close()));
  });

  afterAll(async () => {
    await broker.dispose();
  });

  it('is shared: what one counter hands over, the other sees and refuses', async () => {
    const one = await counter('counter-1', 'Counter 1');
    const two = await counter('counter-2', 'Counter 2');
    expect(await two.desk.lookup(KIOSK, receipt(1))).toEqual({ state: 'none' });

    const handed = await one.desk.handOver(KIOSK, receipt(1), one.name);
    expect(handed).toMatchObject({ kind: 'handed-over', recorded: true });

    const seen = await two.desk.lookup(KIOSK, receipt(1));
    expect(seen).toMatchObject({ state: 'collected', record: { counter: 'Counter 1' } });
    expect(await two.desk.handOver(KIOSK, receipt(1), two.name)).toMatchObject({
      kind: 'refused',
      found: { state: 'collected', record: { counter: 'Counter 1' } },
    });
    // The same counter, scanning again, is refused as well.
    expect(await one.desk.handOver(KIOSK, receipt(1), one.name)).toMatchObject({
      kind: 'refused',
    });
    expect(recordSchema.parse(await retained(broker, topicOf(receipt(1))))).toMatchObject({
      counter: 'Counter 1',
    });
  });

  // NATS 2.9's MQTT hands a new subscription its retained message from a per-node copy kept
  // apart from live messages, so the probe can return before a claim already stored: both
  // counters then claim and both win (seen here: round 8 of 100). The desk therefore runs on
  // the shop's own Mosquitto, never on the cluster (docs/fleet/cluster.md, "Limits").
  it.skipIf(kind === 'nats-cluster')(
    'hands an order over exactly once when two counters scan it at the same moment, 100 times',
    async () => {
      const one = await counter('counter-1', 'Counter 1');
      const two = await counter('counter-2', 'Counter 2');
      const watcher = await watchHandovers(broker);
      let contested = 0;
      try {
        for (let round = 0; round < 100; round += 1) {
          const receiptId = receipt(1000 + round);
          // Within a few milliseconds of each other, first one then the other.
          const gap = round % 4;
          const [first, second] = round % 2 === 0 ? [one, two] : [two, one];
          const results = await Promise.all([
            first.desk.handOver(KIOSK, receiptId, first.name),
            sleep(gap).then(() => second.desk.handOver(KIOSK, receiptId, second.name)),
          ]);
          const handedOver = results.filter((result) => result.kind === 'handed-over');
          expect(handedOver, `round ${round}: ${JSON.stringify(results)}`).toHaveLength(1);
          expect(results.filter((result) => result.kind === 'refused')).toHaveLength(1);
          if (watcher.claims(handoverClaimTopic(broker.prefix, KIOSK, receiptId)) >= 2) {
            contested += 1;
          }
        }
        // Both counters claimed in many rounds: the order of claims decided, not luck.
        expect(contested).toBeGreaterThan(10);
      } finally {
        await watcher.close();
      }
    },
    120_000,
  );

  it('keeps the record across a broker restart', async () => {
    const one = await counter('counter-1', 'Counter 1');
    expect(await one.desk.handOver(KIOSK, receipt(2), one.name)).toMatchObject({
      kind: 'handed-over',
    });
    await broker.restart();
    const two = await counter('counter-2', 'Counter 2');
    // A restarted NATS node can take MQTT sessions a moment before it serves the retained
    // records again, and may drop a session it took meanwhile. Until then the desk says it
    // cannot tell (staff do not hand over), never that nothing was collected: ask again,
    // for a bounded time, on a fresh connection whenever the last one was dropped, as the
    // console's broker worker reconnects.
    const states: string[] = [];
    const deadline = Date.now() + 20_000;
    let found = await two.desk.lookup(KIOSK, receipt(2));
    while (found.state === 'unreachable' && Date.now() < deadline) {
      states.push(`unreachable: ${found.why}`);
      await sleep(250);
      if (!two.client.connected) {
        await two.reconnect().catch((error: unknown) => {
          states.push(`reconnect failed: ${String(error)}`);
        });
      }
      found = await two.desk.lookup(KIOSK, receipt(2));
    }
    expect(found, `after ${JSON.stringify(states)}`).toMatchObject({
      state: 'collected',
      record: { counter: 'Counter 1' },
    });
  }, 60_000);

  it('refuses a second handover when the winner died between its claim and its record, and records it when the winner is back', async () => {
    // Counter 1's record never reaches the broker: its connection dies right after the claim.
    let one: TestCounter | null = null;
    one = await counter('counter-1', 'Counter 1', {
      stepTimeoutMs: 1000,
      wrap: (
        transport: Parameters<NonNullable<Parameters<typeof startCounter>[1]['wrap']>>[0],
      ) => ({
        ...transport,
        publish: (topic: string, payload: string, options: { retain: boolean }) => {
          if (payload.includes('"collected"')) {
            one?.drop();
            return Promise.reject(new Error('connection lost'));
          }
          return transport.publish(topic, payload, options);
        },
      }),
    });
    const handed = await one.desk.handOver(KIOSK, receipt(3), one.name);
    // Staff were told to hand over: the claim is won, the record is kept to send later.
    expect(handed).toMatchObject({ kind: 'handed-over', recorded: false });
    expect(one.stored()).toMatchObject([{ receiptId: receipt(3), reason: 'won' }]);

    const two = await counter('counter-2', 'Counter 2');
    expect(await two.desk.lookup(KIOSK, receipt(3))).toMatchObject({
      state: 'claimed',
      claim: { counter: 'Counter 1' },
    });
    expect(await two.desk.handOver(KIOSK, receipt(3), two.name)).toMatchObject({
      kind: 'refused',
      found: { state: 'claimed' },
    });

    // Counter 1 is back (a fresh connection, its queue kept): the record goes out.
    const back = await counter('counter-1', 'Counter 1', { initialQueue: [...one.stored()] });
    expect(await back.desk.flush()).toMatchObject([{ kind: 'recorded' }]);
    expect(back.desk.queued()).toEqual([]);
    expect(await two.desk.lookup(KIOSK, receipt(3))).toMatchObject({
      state: 'collected',
      record: { counter: 'Counter 1' },
    });
  }, 30_000);

  it('sends what was handed over while offline, and reports a conflict to the broker', async () => {
    const one = await counter('counter-1', 'Counter 1');
    const two = await counter('counter-2', 'Counter 2');
    one.drop();
    // Offline: the desk cannot confirm, and staff decide to hand both orders over.
    expect(await one.desk.lookup(KIOSK, receipt(4))).toMatchObject({ state: 'unreachable' });
    expect(await one.desk.handOver(KIOSK, receipt(4), one.name)).toMatchObject({
      kind: 'unconfirmed',
    });
    one.desk.handOverAnyway(KIOSK, receipt(4), one.name, 'offline');
    one.desk.handOverAnyway(KIOSK, receipt(5), one.name, 'offline');
    expect(await one.desk.lookup(KIOSK, receipt(4))).toMatchObject({ state: 'queued' });
    // Meanwhile counter 2 handed receipt 5 over too.
    expect(await two.desk.handOver(KIOSK, receipt(5), two.name)).toMatchObject({
      kind: 'handed-over',
    });

    await one.reconnect();
    const outcomes = await one.desk.flush();
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['recorded', 'conflict']);
    expect(one.desk.queued()).toEqual([]);
    expect(await two.desk.lookup(KIOSK, receipt(4))).toMatchObject({
      state: 'collected',
      record: { counter: 'Counter 1', offline: true },
    });
    const conflict = conflictSchema.parse(
      await retained(broker, handoverConflictTopic(broker.prefix, KIOSK, receipt(5))),
    );
    expect(conflict).toMatchObject({
      counter: 'Counter 1',
      found: { state: 'collected', counter: 'Counter 2' },
    });
  }, 30_000);
});

/**
 * A broker in memory with MQTT's ordering: per client, one queue in the order the broker
 * handled things; a subscription's retained message is queued before its acknowledgement.
 */
function memoryBroker() {
  const retained = new Map<string, Uint8Array>();
  const clients = new Set<{
    topics: Set<string>;
    deliver: (topic: string, bytes: Uint8Array, retained: boolean) => void;
  }>();
  return {
    retained,
    client(onMessage: (topic: string, bytes: Uint8Array, retained: boolean) => void) {
      const me = {
        topics: new Set<string>(),
        // Delivered a tick later, in order, as a socket would.
        deliver: (topic: string, bytes: Uint8Array, isRetained: boolean) => {
          queueMicrotask(() => onMessage(topic, bytes, isRetained));
        },
      };
      clients.add(me);
      return {
        subscribe: (topic: string) => {
          me.topics.add(topic);
          const kept = retained.get(topic);
          if (kept) me.deliver(topic, kept, true);
          return new Promise<void>((resolve) => queueMicrotask(resolve));
        },
        unsubscribe: (topic: string) => {
          me.topics.delete(topic);
        },
        publish: (topic: string, payload: string, { retain }: { retain: boolean }) => {
          const bytes = new TextEncoder().encode(payload);
          if (retain) retained.set(topic, bytes);
          for (const client of clients)
            if (client.topics.has(topic)) client.deliver(topic, bytes, false);
          return Promise.resolve();
        },
        connected: () => true,
      };
    },
  };
}

describe('the handover desk with hostile records on the topic', () => {
  const TOPIC = handoverTopic('kiosk-shop', KIOSK, receipt(7));
  const desk = (
    broker: ReturnType<typeof memoryBroker>,
    {
      wrap = (transport) => transport,
      now,
      exactlyOnce,
      queue = memoryQueue(),
    }: {
      wrap?: (transport: HandoverTransport) => HandoverTransport;
      now?: () => number;
      exactlyOnce?: boolean;
      queue?: HandoverQueueStore;
    } = {},
  ) => {
    let made: ReturnType<typeof createHandoverDesk> | null = null;
    const transport = broker.client((topic, bytes, isRetained) =>
      made?.receive(topic, bytes, isRetained),
    );
    made = createHandoverDesk({
      prefix: 'kiosk-shop',
      transport: wrap(transport),
      queue,
      stepTimeoutMs: 500,
      ...(now ? { now } : {}),
      ...(exactlyOnce === undefined ? {} : { exactlyOnce }),
    });
    return made;
  };

  it('never hands over, and never throws, whatever is retained there', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ minLength: 1, maxLength: 200 }),
          fc.jsonValue().map((value) => new TextEncoder().encode(JSON.stringify(value))),
          fc
            .constantFrom(
              '{"type":"claim","claim":"c2hvcnQ","counter":"x","at":1}',
              '{"type":"collected","claim":"bm9uY2Utbm9uY2Utbm9uY2U","counter":"\\u0007","at":1}',
              '{"type":"probe","nonce":"bm9uY2Utbm9uY2Utbm9uY2U"}',
            )
            .map((text) => new TextEncoder().encode(text)),
        ),
        async (payload) => {
          const broker = memoryBroker();
          broker.retained.set(TOPIC, payload);
          const counter = desk(broker);
          const looked = await counter.lookup(KIOSK, receipt(7));
          const result = await counter.handOver(KIOSK, receipt(7), 'Counter 1');
          // A retained probe is nobody's claim: the only retained message that leaves the
          // order free to hand over.
          if (result.kind === 'handed-over') {
            expect(looked).toEqual({ state: 'none' });
          } else {
            expect(result.kind).toBe('refused');
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives exactly one handover to two desks that claim in the same tick', async () => {
    for (let round = 0; round < 50; round += 1) {
      const broker = memoryBroker();
      const [one, two] = [desk(broker), desk(broker)];
      const results = await Promise.all([
        one.handOver(KIOSK, receipt(round), 'Counter 1'),
        two.handOver(KIOSK, receipt(round), 'Counter 2'),
      ]);
      expect(results.filter((result) => result.kind === 'handed-over')).toHaveLength(1);
    }
  });

  it('keeps the record when a losing claim arrives after it, even if that counter then dies', async () => {
    const broker = memoryBroker();
    // Counter 2 has seen the topics empty and sends its claim, which is held up on the way…
    let held: () => void = () => undefined;
    const release = new Promise<void>((resolve) => {
      held = resolve;
    });
    let claimSent: () => void = () => undefined;
    const sending = new Promise<void>((resolve) => {
      claimSent = resolve;
    });
    let dead = false;
    const late = desk(broker, {
      wrap: (transport) => ({
        ...transport,
        publish: async (topic, payload, options) => {
          if (dead) throw new Error('connection lost');
          if (!payload.includes('"type":"claim"'))
            return transport.publish(topic, payload, options);
          claimSent();
          await release;
          await transport.publish(topic, payload, options);
          // …and dies right after it: nothing it sends from here on reaches the broker.
          dead = true;
        },
      }),
    });
    const losing = late.handOver(KIOSK, receipt(8), 'Counter 2');
    await sending;
    // Meanwhile Counter 1 claims, wins and records.
    expect(await desk(broker).handOver(KIOSK, receipt(8), 'Counter 1')).toMatchObject({
      kind: 'handed-over',
      recorded: true,
    });
    held();
    expect(await losing).toMatchObject({ kind: 'refused' });

    const record = broker.retained.get(handoverTopic('kiosk-shop', KIOSK, receipt(8)));
    expect(recordSchema.parse(JSON.parse(new TextDecoder().decode(record)))).toMatchObject({
      counter: 'Counter 1',
    });
    expect(await desk(broker).lookup(KIOSK, receipt(8))).toMatchObject({
      state: 'collected',
      record: { counter: 'Counter 1' },
    });
  });

  it('sends a handover staff decided after its claim timed out under that claim, so the counter records it instead of reporting a conflict with itself', async () => {
    const broker = memoryBroker();
    // The claim reaches the broker only after the desk stopped waiting for it.
    let landed: Promise<void> = Promise.resolve();
    const slow = desk(broker, {
      wrap: (transport) => ({
        ...transport,
        publish: (topic, payload, options) => {
          if (!payload.includes('"type":"claim"')) {
            return transport.publish(topic, payload, options);
          }
          landed = sleep(700).then(() => transport.publish(topic, payload, options));
          return landed;
        },
      }),
    });
    expect(await slow.handOver(KIOSK, receipt(9), 'Counter 1')).toMatchObject({
      kind: 'unconfirmed',
      why: expect.stringContaining('its claim may have reached the broker') as unknown,
    });
    await landed;
    const claimed = await desk(broker).lookup(KIOSK, receipt(9));
    expect(claimed).toMatchObject({ state: 'claimed', claim: { counter: 'Counter 1' } });

    // Staff hand it over anyway: the queued handover carries the claim that is on the broker.
    const entry = slow.handOverAnyway(KIOSK, receipt(9), 'Counter 1', 'offline');
    expect(claimed.state === 'claimed' && claimed.claim.claim).toBe(entry.claim);
    expect(await slow.flush()).toMatchObject([{ kind: 'recorded' }]);
    expect(await desk(broker).lookup(KIOSK, receipt(9))).toMatchObject({
      state: 'collected',
      record: { counter: 'Counter 1', claim: entry.claim },
    });
    expect(broker.retained.has(handoverConflictTopic('kiosk-shop', KIOSK, receipt(9)))).toBe(false);
  });

  it('counts a claim as interrupted by how long this counter has seen it, so a counter whose clock is behind does not look interrupted at once', async () => {
    const broker = memoryBroker();
    let clock = 1_800_000_000_000;
    // Counter 2's clock is three minutes behind this one's, and its claim says so.
    const claim = {
      type: 'claim',
      claim: 'bm9uY2Utbm9uY2Utbm9uY2U',
      counter: 'Counter 2',
      at: clock - 3 * 60_000,
    } as const;
    broker.retained.set(
      handoverClaimTopic('kiosk-shop', KIOSK, receipt(10)),
      new TextEncoder().encode(JSON.stringify(claim)),
    );
    const counter = desk(broker, { now: () => clock });
    const first = await counter.lookup(KIOSK, receipt(10));
    expect(first).toMatchObject({ state: 'claimed', claim, seenSince: clock });
    if (first.state !== 'claimed') throw new Error('not claimed');
    expect(claimInterrupted(first.claim, first.seenSince, clock)).toBe(false);

    // Seen for a minute without its record: interrupted, whatever the clocks say.
    clock += STALE_CLAIM_MS;
    const later = await counter.lookup(KIOSK, receipt(10));
    expect(later).toMatchObject({ state: 'claimed', seenSince: first.seenSince });
    if (later.state !== 'claimed') throw new Error('not claimed');
    expect(claimInterrupted(later.claim, later.seenSince, clock)).toBe(true);

    // A claim older than any clock error allows is interrupted as soon as it is seen.
    const old = { ...claim, at: clock - STALE_CLAIM_MS - CLAIM_CLOCK_TOLERANCE_MS };
    expect(claimInterrupted(old, clock, clock)).toBe(true);
  });

  it('on a cluster claims nothing: an order with nothing on the broker is left to staff, one already collected is still refused', async () => {
    const broker = memoryBroker();
    const onCluster = desk(broker, { exactlyOnce: false });
    const unsure = { state: 'unreachable', why: NOT_THE_SHOPS_BROKER };
    expect(await onCluster.lookup(KIOSK, receipt(11))).toEqual(unsure);
    expect(await onCluster.handOver(KIOSK, receipt(11), 'Counter 1')).toEqual({
      kind: 'unconfirmed',
      why: NOT_THE_SHOPS_BROKER,
    });
    expect(broker.retained.has(handoverClaimTopic('kiosk-shop', KIOSK, receipt(11)))).toBe(false);

    // Staff decide; what they handed over is recorded, and refused everywhere after.
    onCluster.handOverAnyway(KIOSK, receipt(11), 'Counter 1', 'offline');
    expect(await onCluster.flush()).toMatchObject([{ kind: 'recorded' }]);
    expect(await onCluster.lookup(KIOSK, receipt(11))).toMatchObject({
      state: 'collected',
      record: { counter: 'Counter 1', offline: true },
    });
    expect(await onCluster.handOver(KIOSK, receipt(11), 'Counter 2')).toMatchObject({
      kind: 'refused',
    });
  });

  it('says when the store cannot keep its queue, and again when it can', async () => {
    const broker = memoryBroker();
    let connected = false;
    // Storage that is full: only an empty queue can be written.
    const full: HandoverQueueStore = { load: () => [], save: (entries) => entries.length === 0 };
    const counter = desk(broker, {
      queue: full,
      wrap: (transport) => ({ ...transport, connected: () => connected }),
    });
    const changes: boolean[] = [];
    counter.onQueueChange(() => changes.push(counter.queueKept()));
    expect(counter.queueKept()).toBe(true);
    counter.handOverAnyway(KIOSK, receipt(12), 'Counter 1', 'offline');
    expect(counter.queueKept()).toBe(false);

    connected = true;
    expect(await counter.flush()).toMatchObject([{ kind: 'recorded' }]);
    expect(counter.queueKept()).toBe(true);
    expect(changes).toEqual([false, true]);
  });
});
