/**
 * No message can knock a kiosk off its fleet. The boundary on its own (inbound-guard.ts);
 * then against a real Mosquitto: a retained fleet config holding a number JSON turns into
 * Infinity is refused, logged once however often the broker delivers it again, shown in
 * health, and the kiosk stays online; a handler that throws and a message over its topic's
 * limit cost only that message. Last, a bounded fast-check fuzz of every topic the kiosk
 * subscribes to (its own status read back, its commands, its fleet, own, store and region
 * configs, its certificates and the revocation list, taken from what the client really
 * subscribed to), through the
 * real wiring (setupFleet, the live config, the signed remote config, the commands, the
 * enrolment) with the MQTT connection faked so thousands of messages take seconds.
 */
import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGE_LIMITS, trustMessageLimit } from '../../../shared/fleet/message-limits';
import {
  COMMAND_ERRORS,
  healthSchema,
  MAX_REPORTED_DROPS,
  type KioskHealth,
} from '../../../shared/fleet/payloads';
import { fleetConfigTopic, groupConfigTopic, kioskTopics } from '../../../shared/fleet/topics';
import {
  certificateTopic,
  kioskCertificatesFilter,
  revocationsTopic,
} from '../../../shared/fleet/trust/trust-topics';
import { createKioskEnrolment, type KioskEnrolment } from '../../../fleet-agent/identity/enrolment';
import type { FleetClient } from '../../../fleet-agent/fleet-client';
import {
  createInboundGuard,
  MAX_LOGGED_DROPS,
  type InboundRoute,
} from '../../../fleet-agent/connection/inbound-guard';
import { makeKeyPair, signFleetConfig, type TestKeyPair } from '../../support/fleet-keys';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  revocationList,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signCertificateWith,
  signRevocationsWith,
} from '../../support/fixtures/kiosk-certificate';
import {
  fuzzParameters,
  hostilePayload,
  jsonOfSize,
} from '../../support/fixtures/hostile-payloads';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../support/mosquitto';
import { filterTakes } from '../../support/fixtures/topic-filter';
import { as } from '../../electron/support/fake-electron';
import {
  hasFields,
  memoryLog,
  observe,
  sampleHealth,
  sleep,
  startKiosk,
  type Observer,
  type TestKiosk,
} from '../support/fleet-fixtures';
import { startRealKiosk, type RealKiosk } from '../../electron/main/fleet/support/real-kiosk';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the inbound guard', () => {
  const route = (handle: InboundRoute['handle'], extra: Partial<InboundRoute> = {}) => ({
    limit: 16,
    handle: vi.fn(handle),
    ...extra,
  });

  it('drops a message over its limit without handing it on, and runs tooLarge instead', () => {
    const log = memoryLog();
    const guard = createInboundGuard({ log, now: () => 0 });
    const tooLarge = vi.fn();
    const taken = route(() => undefined, { tooLarge });
    guard.deliver('P/t', new Uint8Array(16), taken);
    guard.deliver('P/t', new Uint8Array(17), taken);
    expect(taken.handle).toHaveBeenCalledTimes(1);
    expect(tooLarge).toHaveBeenCalledTimes(1);
    expect(guard.dropped()).toEqual({
      count: 1,
      recent: [
        {
          at: '1970-01-01T00:00:00.000Z',
          topic: 'P/t',
          reason: 'too large (17 bytes, at most 16)',
        },
      ],
    });
    expect(log.lines).toEqual([
      'warn: Fleet: dropped a message on P/t: too large (17 bytes, at most 16)',
    ]);
  });

  it('catches a handler that throws or rejects: logged once per message however often it comes, counted each time', async () => {
    const log = memoryLog();
    const onNewDrop = vi.fn();
    const guard = createInboundGuard({ log, onNewDrop });
    const throwing = route(() => {
      throw new TypeError('canonical JSON: a number is not finite');
    });
    const rejecting = route(() => Promise.reject(new Error('later')));
    for (let round = 0; round < 3; round += 1) {
      expect(() => guard.deliver('P/a', bytes('one'), throwing)).not.toThrow();
      guard.deliver('P/b', bytes('two'), rejecting);
    }
    guard.deliver('P/a', bytes('three'), throwing);
    await sleep(0);
    expect(guard.dropped().count).toBe(7);
    expect(guard.dropped().recent.map(({ topic, reason }) => `${topic} ${reason}`)).toEqual([
      'P/a its handler failed (TypeError: canonical JSON: a number is not finite)',
      'P/a its handler failed (TypeError: canonical JSON: a number is not finite)',
      // A rejection is caught a moment later.
      'P/b its handler failed (Error: later)',
    ]);
    expect(log.lines).toHaveLength(3);
    expect(onNewDrop).toHaveBeenCalledTimes(3);
  });

  it('logs a bounded number of lines, names the last few in health, and counts every one', () => {
    const log = memoryLog();
    const guard = createInboundGuard({ log });
    const failing = route(() => {
      throw new Error('no');
    });
    for (let index = 0; index < 100; index += 1)
      guard.deliver('P/c', bytes(String(index)), failing);
    expect(guard.dropped().count).toBe(100);
    expect(guard.dropped().recent).toHaveLength(MAX_REPORTED_DROPS);
    expect(log.lines).toHaveLength(MAX_LOGGED_DROPS + 1);
    expect(log.lines.at(-1)).toBe(
      'warn: Fleet: further dropped messages are counted in health, not logged',
    );
  });

  it('keeps control characters out of what it logs and reports', () => {
    const log = memoryLog();
    const guard = createInboundGuard({ log });
    guard.deliver(
      'P/d',
      bytes('x'),
      route(() => {
        throw new Error('line one\nline two\u001b[2J');
      }),
    );
    const [entry] = guard.dropped().recent;
    expect(healthSchema.shape.dropped.safeParse(guard.dropped()).success).toBe(true);
    expect(entry?.reason).not.toMatch(/\p{Cc}/u);
    expect(log.lines.join('')).not.toMatch(/\p{Cc}/u);
  });
});

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[fleet tests] skipped: ${skipReason}`);

const ID = 'kiosk-hostile';
const KIOSKS = { [ID]: 'pw-hostile', 'kiosk-guarded': 'pw-guarded' };

describe.skipIf(skipReason !== null)('hostile messages through Mosquitto', () => {
  let broker: Mosquitto;
  let operator: Observer;
  let signer: TestKeyPair;
  let topics: ReturnType<typeof kioskTopics>;
  const running: RealKiosk[] = [];

  const startOnline = async (): Promise<RealKiosk> => {
    const from = operator.messages.length;
    const kiosk = startRealKiosk({
      configFile: {
        fleet: {
          brokerUrl: broker.tcpUrl,
          kioskId: ID,
          username: ID,
          password: KIOSKS[ID],
          topicPrefix: broker.prefix,
          configPublicKey: signer.publicText,
          keepaliveSeconds: 5,
        },
      },
    });
    running.push(kiosk);
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    return kiosk;
  };

  const healthAfter = async (
    from: number,
    accept: (health: KioskHealth) => boolean,
  ): Promise<KioskHealth> => {
    const message = await operator.next(
      topics.health,
      (bytes) => {
        const parsed = healthSchema.safeParse(JSON.parse(bytes.toString()));
        return parsed.success && accept(parsed.data);
      },
      { from },
    );
    return healthSchema.parse(JSON.parse(message.payload.toString()));
  };

  beforeAll(async () => {
    signer = makeKeyPair();
    broker = await startMosquitto({ kiosks: KIOSKS });
    operator = await observe(broker);
    topics = kioskTopics(broker.prefix, ID);
  }, 60_000);

  const clients: TestKiosk[] = [];
  /** The fleet client alone, its health carrying what it dropped. */
  const guardedKiosk = (setup: Partial<Parameters<typeof startKiosk>[1]> = {}): TestKiosk => {
    const holder: { client: FleetClient | null } = { client: null };
    const started = startKiosk(broker, {
      kioskId: 'kiosk-guarded',
      password: KIOSKS['kiosk-guarded'],
      keepaliveSeconds: 5,
      health: () =>
        Promise.resolve({
          ...sampleHealth(started.activity),
          dropped: holder.client?.droppedMessages() ?? { count: 0, recent: [] },
        }),
      ...setup,
    });
    holder.client = started.client;
    clients.push(started);
    return started;
  };

  afterEach(async () => {
    await Promise.all(running.splice(0).map(({ fleet }) => fleet.stop()));
    await Promise.all(clients.splice(0).map(({ client }) => client.stop()));
    const guarded = kioskTopics(broker.prefix, 'kiosk-guarded');
    for (const topic of [topics.config, fleetConfigTopic(broker.prefix), guarded.config]) {
      await operator.publish(topic, '', { retain: true });
    }
  });

  afterAll(async () => {
    await operator.close();
    await broker.dispose();
  });

  it('a retained fleet config with 1e400 in it is refused once, shown in health, and the kiosk stays online', async () => {
    const kiosk = await startOnline();
    const fleetTopic = fleetConfigTopic(broker.prefix);
    // A signed config in force first: the one the hostile payload would be compared with.
    let from = operator.messages.length;
    const good = signFleetConfig(
      { version: 3, target: 'all', idleTimeoutSeconds: 75 },
      signer.privateKey,
      broker.prefix,
    );
    await operator.publish(fleetTopic, JSON.stringify(good), { retain: true });
    await healthAfter(from, (health) => health.config.version === 3);

    from = operator.messages.length;
    const hostile = `{"config":{"version":4,"target":"all","x":1e400},"signature":"${good.signature}"}`;
    await operator.publish(fleetTopic, hostile, { retain: true });
    const health = await healthAfter(from, (report) =>
      report.config.refusals.some((refusal) => refusal.topic === fleetTopic),
    );
    expect(health.config).toMatchObject({
      version: 3,
      refusals: [expect.objectContaining({ topic: fleetTopic, reason: 'malformed' })],
    });

    // The broker sends the retained payload again (reload-config asks for it) before it
    // passes on a later command: each delivery came and went when the ping is acknowledged.
    for (let round = 0; round < 3; round += 1) await kiosk.fleet.client?.refetchConfig();
    from = operator.messages.length;
    await operator.publish(topics.commands, JSON.stringify({ id: 'after-1', command: 'ping' }));
    await operator.next(topics.acks, hasFields({ id: 'after-1', ok: true }), { from });
    expect(kiosk.fleet.client?.state).toBe('online');
    expect(operator.json(topics.status).slice(-1)).toEqual([
      expect.objectContaining({ state: 'online' }),
    ]);
    expect(kiosk.log.matching(`refused the config on ${fleetTopic}`)).toHaveLength(1);
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(75);
  }, 30_000);

  it('a config handler that throws costs only its message: the client stays online and says so in health', async () => {
    const guarded = kioskTopics(broker.prefix, 'kiosk-guarded');
    let from = operator.messages.length;
    const { client, log } = guardedKiosk({
      onConfigMessage: () => {
        throw new TypeError('canonical JSON: a number is not finite');
      },
    });
    await operator.next(guarded.status, hasFields({ state: 'online' }), { from });
    from = operator.messages.length;
    await operator.publish(guarded.config, '{"config":{"x":1e400}}', { retain: true });
    const message = await operator.next(
      guarded.health,
      (payload) => (JSON.parse(payload.toString()) as KioskHealth).dropped.count > 0,
      { from },
    );
    expect(healthSchema.parse(JSON.parse(message.payload.toString())).dropped.recent).toEqual([
      expect.objectContaining({
        topic: guarded.config,
        reason: 'its handler failed (TypeError: canonical JSON: a number is not finite)',
      }),
    ]);
    for (let round = 0; round < 3; round += 1) await client.refetchConfig();
    from = operator.messages.length;
    await operator.publish(guarded.commands, JSON.stringify({ id: 'still-1', command: 'ping' }));
    await operator.next(guarded.acks, hasFields({ id: 'still-1', ok: true }), { from });
    expect(client.state).toBe('online');
    expect(client.droppedMessages().count).toBe(4);
    expect(log.matching('dropped a message')).toHaveLength(1);
  }, 30_000);

  it('drops a message over its topic’s byte limit before it is decoded, and acknowledges a large command', async () => {
    const guarded = kioskTopics(broker.prefix, 'kiosk-guarded');
    let from = operator.messages.length;
    const kiosk = guardedKiosk();
    await operator.next(guarded.status, hasFields({ state: 'online' }), { from });
    from = operator.messages.length;
    // Below the broker's limit, far above the config topic's own.
    const big = jsonOfSize(300 * 1024);
    await operator.publish(guarded.config, Buffer.from(big), { retain: true });
    await operator.next(
      guarded.health,
      (payload) => (JSON.parse(payload.toString()) as KioskHealth).dropped.count > 0,
      { from },
    );
    expect(kiosk.configMessages).toEqual([]);
    expect(kiosk.client.droppedMessages().recent).toEqual([
      expect.objectContaining({
        topic: guarded.config,
        reason: `too large (${300 * 1024} bytes, at most ${MESSAGE_LIMITS.config})`,
      }),
    ]);
    from = operator.messages.length;
    await operator.publish(guarded.commands, Buffer.from(jsonOfSize(MESSAGE_LIMITS.commands + 1)));
    const ack = await operator.next(guarded.acks, undefined, { from });
    expect(JSON.parse(ack.payload.toString())).toMatchObject({
      id: '',
      ok: false,
      error: COMMAND_ERRORS.tooLarge,
    });
    expect(kiosk.client.state).toBe('online');
  }, 30_000);
});

/**
 * An MQTT connection with no broker behind it: it says connected at once, records what
 * the client publishes and subscribes to, and delivers what the test emits as 'message', as
 * MQTT.js does.
 */
class FakeConnection extends EventEmitter {
  connected = false;
  readonly published: { topic: string; text: string }[] = [];
  readonly subscribed: string[] = [];

  constructor() {
    super();
    setImmediate(() => {
      this.connected = true;
      this.emit('connect');
    });
  }

  publishAsync(topic: string, payload: string | Buffer): Promise<undefined> {
    this.published.push({ topic, text: payload.toString() });
    return Promise.resolve(undefined);
  }

  subscribeAsync(topics: string | string[]): Promise<[]> {
    this.subscribed.push(...(typeof topics === 'string' ? [topics] : topics));
    return Promise.resolve([]);
  }

  end(): this {
    this.connected = false;
    return this;
  }

  endAsync(): Promise<void> {
    this.connected = false;
    return Promise.resolve();
  }
}

describe('every topic the kiosk reads, fuzzed through the real wiring', () => {
  const prefix = SAMPLE_PREFIX;
  const id = 'kiosk-fuzz';
  const groups = { store: 'fuzz-store', region: 'fuzz-region' };
  const topics = kioskTopics(prefix, id);
  const signer = makeKeyPair();
  const operatorKey = makeEnrolmentKey();
  const receiptKey = makeReceiptKey();
  const connections: FakeConnection[] = [];
  let kiosk: RealKiosk;
  let enrolment: KioskEnrolment;

  const connection = (): FakeConnection => {
    const last = connections.at(-1);
    if (!last) throw new Error('no connection');
    return last;
  };
  /** Every topic filter the kiosk subscribed to, on any connection. */
  const subscribed = (): string[] =>
    [...new Set(connections.flatMap((made) => made.subscribed))].sort();
  /** A topic a filter takes: a certificate's serial where it takes any one segment. */
  const concrete = (filter: string): string =>
    filter
      .split('/')
      .map((segment) => (segment === '+' ? SAMPLE_SERIAL : segment))
      .join('/');

  /** What the fuzz feeds: a topic of each subscription, and topics a loose ACL lets through. */
  const fuzzTopics = (): string[] => [
    ...subscribed().map(concrete),
    `${prefix}/kiosks/another/commands`,
    `${prefix}/kiosks/${id}/health`,
    certificateTopic(prefix, 'another', SAMPLE_SERIAL),
    `${prefix}/kiosks/${id}/certificates/not-a-serial`,
    groupConfigTopic(prefix, 'store', 'another-store'),
  ];

  beforeAll(async () => {
    enrolment = createKioskEnrolment({
      kioskId: id,
      prefix,
      publicKey: receiptKey.publicText,
      enrolmentKey: operatorKey.publicText,
      version: '0.1.0',
      store: { load: () => ({ certificates: [], revocations: null }), save: () => undefined },
      log: memoryLog(),
    });
    // An installed kiosk (the machine-wide file names its store and region) on loopback.
    kiosk = startRealKiosk({
      machineFile: {
        fleet: {
          brokerUrl: 'mqtt://127.0.0.1:1',
          kioskId: id,
          topicPrefix: prefix,
          configPublicKey: signer.publicText,
          enrolmentPublicKey: operatorKey.publicText,
          ...groups,
        },
      },
      deps: {
        identity: { enrolment, receiptPublicKey: () => receiptKey.publicText },
        seams: {
          connect: () => {
            const made = new FakeConnection();
            connections.push(made);
            return as<MqttClient>(made);
          },
        },
      },
    });
    await vi.waitFor(() => {
      expect(kiosk.fleet.client?.state).toBe('online');
      expect(subscribed()).not.toEqual([]);
    });
  });

  afterAll(async () => {
    await kiosk.fleet.stop();
  });

  it('fuzzes every topic the kiosk subscribes to: its status read back, its commands, its four configs, its certificates and the revocation list', () => {
    for (const filter of subscribed()) {
      expect(
        fuzzTopics().some((topic) => filterTakes(filter, topic)),
        filter,
      ).toBe(true);
    }
    // The fuzz feeds what the client subscribed to, so a topic added there is fuzzed at
    // once; this list makes the addition a decision (and a reason to add its seeds).
    expect(subscribed()).toEqual(
      [
        topics.status,
        topics.commands,
        topics.allCommands,
        topics.config,
        topics.fleetConfig,
        groupConfigTopic(prefix, 'store', groups.store),
        groupConfigTopic(prefix, 'region', groups.region),
        kioskCertificatesFilter(prefix, id),
        revocationsTopic(prefix),
      ].sort(),
    );
  });

  it('nothing a broker delivers escapes, and the kiosk still answers a ping', async () => {
    const escaped: unknown[] = [];
    const noteEscape = (error: unknown) => escaped.push(error);
    process.on('unhandledRejection', noteEscape);
    process.on('uncaughtException', noteEscape);
    const settle = async () => {
      for (let turn = 0; turn < 3; turn += 1) await new Promise((done) => setImmediate(done));
    };
    try {
      const deliver = (topic: string, payload: Uint8Array, retain = false) =>
        connection().emit('message', topic, Buffer.from(payload), { retain });

      // Signed configs in force on every config topic, the kiosk enrolled and a revocation
      // list taken: hostile messages are compared with them.
      const signed = (config: Record<string, unknown>) =>
        JSON.stringify(signFleetConfig(config, signer.privateKey, prefix));
      const fleetConfig = signed({ version: 3, target: 'all', idleTimeoutSeconds: 75 });
      const ownConfig = signed({ version: 2, target: id, printerName: 'TM-T20' });
      const storeConfig = signed({
        version: 4,
        target: `store:${groups.store}`,
        idleCountdownSeconds: 12,
      });
      const regionConfig = signed({
        version: 5,
        target: `region:${groups.region}`,
        idleTimeoutSeconds: 90,
      });
      const certificate = JSON.stringify(
        signCertificateWith(
          certificateFields({ kioskId: id, publicKey: receiptKey.publicText, ...groups }),
          operatorKey.privateKey,
        ),
      );
      const revocations = JSON.stringify(
        signRevocationsWith(
          revocationList([{ kioskId: 'kiosk-gone', serial: SAMPLE_SERIAL, revokedAt: 1 }]),
          operatorKey.privateKey,
        ),
      );
      const storeTopic = groupConfigTopic(prefix, 'store', groups.store);
      const regionTopic = groupConfigTopic(prefix, 'region', groups.region);
      const certificateOf = (kioskId: string) => certificateTopic(prefix, kioskId, SAMPLE_SERIAL);
      deliver(topics.fleetConfig, bytes(fleetConfig), true);
      deliver(topics.config, bytes(ownConfig), true);
      deliver(storeTopic, bytes(storeConfig), true);
      deliver(regionTopic, bytes(regionConfig), true);
      deliver(certificateOf(id), bytes(certificate), true);
      deliver(revocationsTopic(prefix), bytes(revocations), true);
      await expect.poll(() => enrolment.enrolled()).toBe(true);
      await settle();
      // Nearest first: the kiosk's own, its store's, its region's, the fleet's.
      expect(kiosk.liveConfig.effective()).toMatchObject({
        idleTimeoutSeconds: 90,
        idleCountdownSeconds: 12,
        printerName: 'TM-T20',
      });
      expect(kiosk.fleet.client?.droppedMessages().count).toBe(0);

      const seeds = [
        fleetConfig,
        ownConfig,
        storeConfig,
        regionConfig,
        certificate,
        revocations,
        '{"id":"c-1","command":"ping"}',
        '{"id":"c-2","command":"screenshot","args":{"quality":1}}',
        '{"id":"c-3","command":"reload-config"}',
        '{"id":"c-4","command":"refresh-catalogue"}',
        '{"state":"offline","store":"fuzz-store"}',
        '{"state":"offline","lostAt":"2026-11-23T09:00:00.000Z","reportedAt":"2026-11-23T09:00:04.000Z"}',
      ];
      const limits = [
        MESSAGE_LIMITS.status,
        MESSAGE_LIMITS.commands,
        MESSAGE_LIMITS.config,
        trustMessageLimit(prefix, certificateOf(id)),
        trustMessageLimit(prefix, revocationsTopic(prefix)),
      ];
      const message = fc.record({
        topic: fc.constantFrom(...fuzzTopics()),
        payload: hostilePayload(seeds, limits),
        retain: fc.boolean(),
      });
      let pings = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 6 }), async (batch) => {
          for (const { topic, payload, retain } of batch) {
            expect(() => deliver(topic, payload, retain)).not.toThrow();
          }
          await settle();
          expect(escaped).toEqual([]);
          expect(kiosk.fleet.client?.state).toBe('online');
          pings += 1;
          const ping = `fuzz-ping-${pings}`;
          deliver(topics.commands, bytes(JSON.stringify({ id: ping, command: 'ping' })));
          const acked = () =>
            connection().published.some(
              (sent) => sent.topic === topics.acks && sent.text.includes(`"id":"${ping}"`),
            );
          for (let turn = 0; turn < 100 && !acked(); turn += 1) await settle();
          expect(acked()).toBe(true);
        }),
        fuzzParameters(400),
      );
      expect(escaped).toEqual([]);
      // Hostile configs never replaced the signed ones in force.
      expect(kiosk.app.exit).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', noteEscape);
      process.off('uncaughtException', noteEscape);
    }
  }, 30_000);
});
