/**
 * The fleet's ACL as NATS permissions: MQTT topic filters become subjects, and each role's
 * grants are the ones docs/fleet/broker.md's Mosquitto ACL gives (read off that ACL's text
 * here, so the two cannot drift apart). On a real cluster, the will keeper's login says a
 * known kiosk's status and cannot bring another kiosk id into being.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import {
  fleetPermissions,
  nodeConfig,
  topicToSubject,
  usersConfig,
} from '../../../tools/cluster/nats-cluster-config';
import { fleetAcl } from '../../support/mosquitto';
import {
  natsServerUnavailable,
  startNatsClusterBroker,
  type NatsClusterBroker,
} from '../../support/nats-cluster';
import { observe, type Observer } from '../../fleet-agent/support/fleet-fixtures';

const P = 'kiosk-shop';

/** The Mosquitto ACL's lines for a kiosk `id` (its own block), as [access, topic]. */
function mosquittoKioskGrants(id: string): { read: string[]; write: string[] } {
  const read: string[] = [];
  const write: string[] = [];
  const acl = fleetAcl(P, 'operator', [], { kiosks: [id] });
  const block = acl.slice(acl.indexOf(`user ${id}\n`)).split('\n\n')[0] ?? '';
  for (const line of block.split('\n')) {
    const match = /^topic (read|write|readwrite) (.+)$/.exec(line);
    if (!match?.[2]) continue;
    const topic = match[2];
    if (match[1] !== 'write') read.push(topic);
    if (match[1] !== 'read') write.push(topic);
  }
  return { read, write };
}

describe('the fleet’s ACL on NATS', () => {
  it('writes MQTT topic filters as NATS subjects', () => {
    expect(topicToSubject('kiosk-shop/kiosks/+/certificates/+')).toBe(
      'kiosk-shop.kiosks.*.certificates.*',
    );
    expect(topicToSubject('kiosk-shop/handovers/#')).toBe('kiosk-shop.handovers.>');
  });

  it('gives a kiosk exactly what the Mosquitto ACL gives it, and NATS’s delivery subject', () => {
    const grants = mosquittoKioskGrants('kiosk-7');
    const permissions = fleetPermissions(P, { kind: 'kiosk', kioskId: 'kiosk-7' });
    expect([...permissions.publish.allow].sort()).toEqual(grants.write.map(topicToSubject).sort());
    expect([...permissions.subscribe.allow].sort()).toEqual(
      [...grants.read.map(topicToSubject), '$MQTT.sub.>'].sort(),
    );
  });

  it('gives a counter read access to certificates and the kiosks’ revocations, and no subject to publish on', () => {
    const permissions = fleetPermissions(P, { kind: 'counter' });
    expect(permissions.publish.allow).toEqual([]);
    expect(permissions.subscribe.allow).toContain('kiosk-shop.kiosks.*.certificates.*');
    expect(permissions.subscribe.allow).toContain('kiosk-shop.fleet.revocations');
    // NATS reads an empty allow list as everything: the file denies every subject instead.
    const users = usersConfig({
      prefix: P,
      operator: { username: 'o', password: 'p' },
      counters: { 'counter-1': 'c' },
      kiosks: {},
    });
    const counter = users.split('\n').find((line) => line.includes('"counter-1"')) ?? '';
    expect(counter).toContain('publish: { deny: [">"] }');
  });

  it('lets the will keeper read every status and say only those of the kiosks with a login', () => {
    const permissions = fleetPermissions(P, { kind: 'keeper', kioskIds: ['kiosk-1', 'kiosk-2'] });
    expect(permissions.publish.allow).toEqual([
      'kiosk-shop.kiosks.kiosk-1.status',
      'kiosk-shop.kiosks.kiosk-2.status',
    ]);
    expect(permissions.subscribe.allow).toEqual(['kiosk-shop.kiosks.*.status', '$MQTT.sub.>']);
    const text = usersConfig({
      prefix: P,
      operator: { username: 'operator', password: 'o' },
      counters: {},
      kiosks: { 'kiosk-1': 'k' },
      keeper: { username: 'will-keeper', password: 'w' },
    });
    expect(text).toContain(
      '{ user: "will-keeper", password: "w", permissions: { publish: { allow: ["kiosk-shop.kiosks.kiosk-1.status"] }',
    );
  });

  it('writes each login once, with JSON-quoted names and passwords', () => {
    const text = usersConfig({
      prefix: P,
      operator: { username: 'operator', password: 'op"x' },
      counters: { 'counter-1': 'c' },
      kiosks: { 'kiosk-1': 'k' },
    });
    expect(text.match(/\{ user: /g)).toHaveLength(3);
    expect(text).toContain('password: "op\\"x"');
  });

  it('keeps every node on loopback, with replicated MQTT streams and a 30 s lame duck', () => {
    const text = nodeConfig({
      name: 'node-1',
      ports: { client: 1, route: 2, mqtt: 3, ws: 4 },
      routes: [2, 5, 6],
      storeDir: '/tmp/x',
      logins: { prefix: P, operator: { username: 'o', password: 'p' }, counters: {}, kiosks: {} },
      maxPayload: 4_194_304,
      usersFile: 'users.conf',
    });
    expect(text).toContain('listen: "127.0.0.1:1"');
    expect(text).toContain('mqtt { listen: "127.0.0.1:3", stream_replicas: 3 }');
    expect(text).toContain('"nats-route://127.0.0.1:6"');
    expect(text).toContain('lame_duck_duration: "30s"');
    expect(text).not.toMatch(/0\.0\.0\.0/);
  });
});

const skipReason = natsServerUnavailable();
if (skipReason) console.log(`[cluster tests] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('the will keeper’s login on a real cluster', () => {
  let broker: NatsClusterBroker | undefined;
  let operator: Observer | undefined;

  beforeAll(async () => {
    broker = await startNatsClusterBroker({ kiosks: { 'kiosk-1': 'k' } });
    operator = await observe(broker);
  }, 60_000);

  afterAll(async () => {
    await operator?.close();
    await broker?.dispose();
  });

  it('says a known kiosk’s status, and no status of an id without a login', async () => {
    if (!broker || !operator) throw new Error('no cluster');
    const keeper = await mqtt.connectAsync(broker.tcpUrl, {
      ...broker.keeper,
      reconnectPeriod: 0,
    });
    try {
      const offline = JSON.stringify({ state: 'offline' });
      // QoS 0, in order on one connection: the known kiosk's, after it, is the marker.
      await keeper.publishAsync(`${P}/kiosks/forged-1/status`, offline, { qos: 0 });
      await keeper.publishAsync(`${P}/kiosks/kiosk-1/status`, offline, { qos: 0 });
      await operator.next(`${P}/kiosks/kiosk-1/status`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(operator.messages.map((message) => message.topic)).not.toContain(
        `${P}/kiosks/forged-1/status`,
      );
    } finally {
      await keeper.endAsync(true);
    }
  }, 30_000);
});
