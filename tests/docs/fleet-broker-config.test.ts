/**
 * The sample mosquitto.conf of docs/fleet/broker.md sets what the test broker sets
 * (tests/support/mosquitto.ts), and what those lines lock is proved on a real Mosquitto: on
 * every listener a client id is its login's, so no login (a kiosk's on the kiosks' listener,
 * a counter's on the console's) can take over another login's session and set off its Last
 * Will; a kiosk's login cannot open the console's listener; and the broker refuses a packet
 * above the fleet's largest message. (fleet-broker-sample.test.ts runs the sample itself.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKER_MESSAGE_SIZE_LIMIT,
  BROKER_PACKET_SIZE_LIMIT,
  MESSAGE_LIMITS,
} from '../../shared/fleet/message-limits';
import { kioskTopics } from '../../shared/fleet/topics';
import {
  hasFields,
  observe,
  sleep,
  startKiosk,
  type Observer,
  type TestKiosk,
} from '../fleet-agent/support/fleet-fixtures';
import { startExporter, type RunningExporter } from '../../services/exporter/fleet-exporter';
import {
  BROKER_SETTINGS,
  LISTENER_SETTINGS,
  mosquittoUnavailable,
  startMosquitto,
  type Mosquitto,
} from '../support/mosquitto';

const BROKER_DOC = 'docs/fleet/broker.md';

/** The doc's sample config: the conf block with listeners, as lines without comments. */
function sampleConfig(): { global: string[]; listeners: Map<string, string[]> } {
  const doc = readFileSync(join(__dirname, '../..', BROKER_DOC), 'utf8');
  const blocks = [...doc.matchAll(/```conf\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  const sample = blocks.find((block) => block.includes('listener '));
  if (!sample) throw new Error(`no conf block with listeners in ${BROKER_DOC}`);
  const global: string[] = [];
  const listeners = new Map<string, string[]>();
  let current: string[] = global;
  for (const line of sample.split('\n').map((text) => text.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('listener ')) {
      current = [];
      listeners.set(line, current);
    } else current.push(line);
  }
  return { global, listeners };
}

describe(`the sample mosquitto.conf of ${BROKER_DOC}`, () => {
  it('sets the broker-wide lines the test broker runs with, the packet limit the fleet’s largest message', () => {
    const { global } = sampleConfig();
    expect(global).toEqual(expect.arrayContaining([...BROKER_SETTINGS]));
    expect(global).toContain(`max_packet_size ${BROKER_PACKET_SIZE_LIMIT}`);
    expect(BROKER_PACKET_SIZE_LIMIT).toBeGreaterThan(BROKER_MESSAGE_SIZE_LIMIT);
    // Replaced by max_packet_size: Mosquitto 2 notes it at every start.
    expect(global.some((line) => line.startsWith('message_size_limit'))).toBe(false);
  });

  it('binds client ids to logins on every listener, and keeps kiosks off the console’s', () => {
    const { listeners } = sampleConfig();
    const kiosks = listeners.get('listener 8883') ?? [];
    const consoles = listeners.get('listener 8884') ?? [];
    expect([...listeners.keys()]).toEqual(['listener 8883', 'listener 8884']);
    for (const lines of listeners.values()) {
      expect(lines).toEqual(expect.arrayContaining([...LISTENER_SETTINGS]));
    }
    expect(consoles).toContain('protocol websockets');
    const passwords = (lines: string[]) => lines.find((line) => line.startsWith('password_file'));
    expect(passwords(consoles)).toBeDefined();
    expect(passwords(consoles)).not.toBe(passwords(kiosks));
    for (const lines of [kiosks, consoles]) {
      expect(lines).toEqual(expect.arrayContaining(['allow_anonymous false']));
      expect(lines.some((line) => line.startsWith('acl_file '))).toBe(true);
    }
  });
});

describe('the size limits docs/fleet/topics-and-payloads.md gives', () => {
  it('are the readers’ limits, topic by topic', () => {
    const doc = readFileSync(join(__dirname, '../../docs/fleet/topics-and-payloads.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Message size limits'));
    const documented = (leaf: string): number | null => {
      const row = section
        .split('\n')
        .find((line) => line.startsWith('|') && line.includes(`/${leaf}\``));
      const figure = row?.split('|')[2]?.match(/[\d,]+/)?.[0];
      return figure === undefined ? null : Number(figure.replaceAll(',', ''));
    };
    for (const [leaf, limit] of Object.entries(MESSAGE_LIMITS)) {
      expect(documented(leaf), leaf).toBe(limit);
    }
  });
});

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[fleet tests] skipped: ${skipReason}`);

const KIOSKS = { 'kiosk-a': 'pw-a', 'kiosk-b': 'pw-b' };
const COUNTERS = { 'counter-1': 'pw-counter' };
const PASSWORDS: Readonly<Record<string, string>> = { ...KIOSKS, ...COUNTERS };

describe.skipIf(skipReason !== null)('the test broker’s locks, on Mosquitto', () => {
  let broker: Mosquitto;
  let operator: Observer;
  const running: TestKiosk[] = [];
  const clients: mqtt.MqttClient[] = [];

  beforeAll(async () => {
    broker = await startMosquitto({ kiosks: KIOSKS, counters: COUNTERS });
    operator = await observe(broker);
  }, 60_000);

  afterEach(async () => {
    await Promise.all(running.splice(0).map(({ client }) => client.stop()));
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  });

  afterAll(async () => {
    await operator.close();
    await broker.dispose();
  });

  it.each([
    ['kiosk-a’s login on the kiosks’ listener', 'kiosk-a', 'tcpUrl'],
    ['a counter’s login on the console’s listener', 'counter-1', 'wsUrl'],
  ] as const)(
    '%s with client id kiosk-b neither closes kiosk-b’s session nor sets off its Last Will',
    async (_name, username, listener) => {
      const topics = kioskTopics(broker.prefix, 'kiosk-b');
      const from = operator.messages.length;
      const victim = startKiosk(broker, { kioskId: 'kiosk-b', password: KIOSKS['kiosk-b'] });
      running.push(victim);
      await operator.next(topics.status, hasFields({ state: 'online' }), { from });
      const session = victim.connections.at(-1);

      const attacker = await mqtt.connectAsync(broker[listener], {
        username,
        password: PASSWORDS[username],
        clientId: 'kiosk-b',
        reconnectPeriod: 0,
      });
      clients.push(attacker);
      expect(attacker.connected).toBe(true);
      await sleep(1000);

      expect(victim.connections).toEqual([session]);
      expect(session?.connected).toBe(true);
      expect(victim.client.state).toBe('online');
      expect(victim.log.matching('Fleet: offline')).toEqual([]);
      const statuses = operator.messages
        .slice(from)
        .filter((message) => message.topic === topics.status);
      expect(statuses.map((message) => message.payload.toString())).not.toContain(
        '{"state":"offline"}',
      );
      // The broker knew the attacker by its login, not by the client id it asked for.
      expect(broker.log()).toMatch(new RegExp(`New client connected from \\S+ as ${username} `));
    },
  );

  it('keeps the exporter on the broker when a counter’s or the operator’s login asks for its client id', async () => {
    const lines: string[] = [];
    let exporter: RunningExporter | null = null;
    try {
      exporter = await startExporter({
        brokerUrl: broker.tcpUrl,
        port: 0,
        prefix: broker.prefix,
        ...broker.exporter,
        catalogueMaxAgeMinutes: 60,
        log: (line) => lines.push(line),
      });
      const started = exporter;
      await expect.poll(() => lines.some((line) => line.includes('connected to'))).toBe(true);
      for (const [username, url] of [
        ['counter-1', broker.wsUrl],
        [broker.operator.username, broker.tcpUrl],
      ] as const) {
        const other = await mqtt.connectAsync(url, {
          username,
          password: PASSWORDS[username] ?? broker.operator.password,
          clientId: broker.exporter.username,
          reconnectPeriod: 0,
        });
        clients.push(other);
      }
      await sleep(1000);
      expect(lines.filter((line) => line.includes('lost the broker'))).toEqual([]);
      expect(started.table).toBeDefined();
    } finally {
      await exporter?.close();
    }
  });

  it('refuses a kiosk’s login on the console’s listener', async () => {
    await expect(
      mqtt.connectAsync(broker.wsUrl, {
        username: 'kiosk-a',
        password: KIOSKS['kiosk-a'],
        clientId: 'kiosk-b',
        reconnectPeriod: 0,
        connectTimeout: 5000,
      }),
    ).rejects.toThrow(/Not authorized|Bad User Name or Password|Connection refused/i);
  });

  it('sends a console on the WebSockets listener every retained status of a fleet past 1,000 kiosks', async () => {
    const fleet = Array.from({ length: 1500 }, (_, index) => `store-${index}`);
    const writer = await mqtt.connectAsync(broker.watchUrl, {
      ...broker.operator,
      reconnectPeriod: 0,
    });
    clients.push(writer);
    await Promise.all(
      fleet.map((id) =>
        writer.publishAsync(kioskTopics(broker.prefix, id).status, '{"state":"online"}', {
          qos: 1,
          retain: true,
        }),
      ),
    );
    const console = await mqtt.connectAsync(broker.wsUrl, {
      ...broker.operator,
      clientId: 'console-queue-test',
      reconnectPeriod: 0,
    });
    clients.push(console);
    const seen = new Set<string>();
    console.on('message', (topic) => seen.add(topic));
    await console.subscribeAsync(`${broker.prefix}/kiosks/+/status`, { qos: 0 });
    // Mosquitto queues the whole retained burst before writing it: a message past
    // max_queued_messages is dropped there, never sent late.
    await expect.poll(() => seen.size, { timeout: 15_000 }).toBeGreaterThanOrEqual(fleet.length);
    expect([...seen].filter((topic) => topic.includes('/store-'))).toHaveLength(fleet.length);
    await Promise.all(
      fleet.map((id) =>
        writer.publishAsync(kioskTopics(broker.prefix, id).status, '', { qos: 1, retain: true }),
      ),
    );
  }, 60_000);

  it('passes a message at the fleet’s largest, and refuses a packet above max_packet_size, disconnecting its sender', async () => {
    const topic = kioskTopics(broker.prefix, 'kiosk-a').screenshot;
    // A subscriber on the tests' TCP listener: Mosquitto 2.0's WebSockets pass megabytes slowly.
    const reader = await mqtt.connectAsync(broker.watchUrl, {
      ...broker.operator,
      reconnectPeriod: 0,
    });
    clients.push(reader);
    const sizes: number[] = [];
    reader.on('message', (_topic, payload) => sizes.push(payload.byteLength));
    await reader.subscribeAsync(topic, { qos: 1 });
    const kiosk = await mqtt.connectAsync(broker.tcpUrl, {
      username: 'kiosk-a',
      password: KIOSKS['kiosk-a'],
      reconnectPeriod: 0,
    });
    clients.push(kiosk);
    await kiosk.publishAsync(topic, Buffer.alloc(BROKER_MESSAGE_SIZE_LIMIT, 2), { qos: 1 });
    await expect.poll(() => sizes, { timeout: 10_000 }).toEqual([BROKER_MESSAGE_SIZE_LIMIT]);
    const closed = new Promise<void>((resolve) => kiosk.once('close', () => resolve()));
    kiosk.publish(topic, Buffer.alloc(BROKER_PACKET_SIZE_LIMIT + 1, 1), { qos: 1 });
    await closed;
    await sleep(300);
    expect(sizes).toEqual([BROKER_MESSAGE_SIZE_LIMIT]);
    expect(broker.log()).toMatch(/Client kiosk-a disconnected due to oversize packet/);
  }, 30_000);
});
