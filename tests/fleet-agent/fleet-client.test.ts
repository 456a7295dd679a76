/**
 * The fleet client's connection against a real Mosquitto: presence and the Last Will,
 * health, the broker going away and coming back, TLS with an openssl CA, refused
 * credentials. Short keepalives (2 s) and backoffs keep it quick. On a real NATS cluster,
 * which binds no client id to a login: no other login can take the kiosk's session over.
 *
 * The Last Will names the kiosk's store and region: a kiosk that went away before a console
 * (or the exporter) connected is still counted in its own group, read by the console's own
 * reader and fold and by the exporter's own reader and metrics. Those kiosks reach the
 * broker through a TCP proxy, so closing the proxy kills the socket without a DISCONNECT
 * and keeps the kiosk from coming back.
 */
import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { healthSchema, statusSchema, type KioskStatusOnline } from '../../shared/fleet/payloads';
import { kioskTopics } from '../../shared/fleet/topics';
import { STATUS_REPAIR_MS } from '../../fleet-agent/presence/status-repair';
import { kioskClientId } from '../../fleet-agent/fleet-client';
import { applyMessages, emptyFleet } from '../../fleet-console/fleet/fleet-state';
import { rollupByGroup } from '../../fleet-console/fleet/group-rollup';
import type { CertifiedGroups } from '../../shared/fleet/trust/certified-groups';
import {
  createFleetTable,
  readFleetMessage,
} from '../../services/exporter/fleet-exporter-readings';
import { createExporterMetrics } from '../../services/exporter/fleet-exporter-metrics';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../support/mosquitto';
import {
  natsServerUnavailable,
  startNatsClusterBroker,
  type NatsClusterBroker,
} from '../support/nats-cluster';
import {
  hasFields,
  observe,
  sleep,
  startKiosk,
  type Message,
  type Observer,
  type TestKiosk,
} from './support/fleet-fixtures';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/** The kiosk's own report of a lost link: an offline status that says when it was lost. */
function reportsLostLink(payload: Buffer): boolean {
  try {
    return typeof (JSON.parse(payload.toString()) as { lostAt?: unknown }).lostAt === 'string';
  } catch {
    return false;
  }
}

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[fleet tests] skipped: ${skipReason}`);

const KIOSKS = {
  'kiosk-presence': 'pw-presence',
  'kiosk-will': 'pw-will',
  'kiosk-silent': 'pw-silent',
  'kiosk-restart': 'pw-restart',
  'kiosk-tls': 'pw-tls',
  'kiosk-mtls': 'unused',
  'kiosk-refused': 'pw-refused',
  'kiosk-acl': 'pw-acl',
  'kiosk-other': 'pw-other',
  'kiosk-jitter': 'pw-jitter',
};

describe.skipIf(skipReason !== null)('the fleet client against Mosquitto', () => {
  let broker: Mosquitto;
  let operator: Observer;
  const running: TestKiosk[] = [];

  const kiosk = (
    kioskId: keyof typeof KIOSKS,
    setup: Parameters<typeof startKiosk>[1] | object = {},
  ) => {
    const started = startKiosk(broker, { kioskId, password: KIOSKS[kioskId], ...setup });
    running.push(started);
    return started;
  };

  beforeAll(async () => {
    broker = await startMosquitto({ kiosks: KIOSKS, tls: { clientCertificates: true } });
    operator = await observe(broker);
  }, 60_000);

  afterEach(async () => {
    await Promise.all(running.splice(0).map(({ client }) => client.stop()));
  });

  afterAll(async () => {
    await operator.close();
    await broker.dispose();
  });

  it('says it is online (retained) with its version, start time and key, then health', async () => {
    const { log } = kiosk('kiosk-presence');
    const topics = kioskTopics(broker.prefix, 'kiosk-presence');
    const status = await operator.next(topics.status, hasFields({ state: 'online' }));
    expect(statusSchema.parse(JSON.parse(status.payload.toString()))).toEqual({
      state: 'online',
      version: '0.1.0',
      startedAt: new Date(0).toISOString(),
      publicKey: null,
    });
    const health = await operator.next(topics.health);
    expect(healthSchema.safeParse(JSON.parse(health.payload.toString())).success).toBe(true);
    // Retained: a console that opens later sees both at once.
    const late = await observe(broker);
    const [lateStatus, lateHealth] = await Promise.all([
      late.next(topics.status),
      late.next(topics.health),
    ]);
    expect([lateStatus.retain, lateHealth.retain]).toEqual([true, true]);
    await late.close();
    expect(log.matching('Fleet: online')).toHaveLength(1);
  });

  it('sends health again every fleet.healthSeconds, and on a new period', async () => {
    const { client } = kiosk('kiosk-presence', { healthSeconds: 1 });
    const topics = kioskTopics(broker.prefix, 'kiosk-presence');
    const from = operator.messages.length;
    await operator.next(topics.health, undefined, { from });
    const first = operator.messages.length;
    await operator.next(topics.health, undefined, { from: first, timeoutMs: 3000 });
    client.setHealthSeconds(3600);
    const asked = operator.messages.length;
    await client.publishHealth();
    await operator.next(topics.health, undefined, { from: asked });
    const count = operator.messages.filter((m) => m.topic === topics.health).length;
    await sleep(1500);
    expect(operator.messages.filter((m) => m.topic === topics.health)).toHaveLength(count);
  });

  it('a clean stop publishes offline itself', async () => {
    const { client } = kiosk('kiosk-presence');
    const topics = kioskTopics(broker.prefix, 'kiosk-presence');
    const from = operator.messages.length;
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    await client.stop();
    const offline = await operator.next(topics.status, hasFields({ state: 'offline' }), { from });
    expect(JSON.parse(offline.payload.toString())).toEqual({ state: 'offline' });
    expect(offline.retain).toBe(false);
    const late = await observe(broker);
    expect((await late.next(topics.status)).payload.toString()).toBe('{"state":"offline"}');
    await late.close();
  });

  it('its Last Will says offline (retained) when its socket is killed; back, it reports the lost link, then says online', async () => {
    const { connections, log } = kiosk('kiosk-will');
    const topics = kioskTopics(broker.prefix, 'kiosk-will');
    const from = operator.messages.length;
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    const killedAt = Date.now();
    connections.at(-1)?.stream.destroy();
    const offline = await operator.next(topics.status, hasFields({ state: 'offline' }), { from });
    expect(offline.at - killedAt).toBeLessThan(1.5 * 2000);
    // The broker's Last Will, then the kiosk's own report, then online: by arrival order,
    // not by clock, since a quick retry can land in the same millisecond.
    expect(JSON.parse(offline.payload.toString())).toEqual({ state: 'offline' });
    const report = await operator.next(topics.status, reportsLostLink, {
      from: operator.messages.indexOf(offline),
    });
    const again = await operator.next(topics.status, hasFields({ state: 'online' }), {
      from: operator.messages.indexOf(report),
    });
    expect(operator.messages.indexOf(again)).toBeGreaterThan(operator.messages.indexOf(report));
    const said = statusSchema.parse(JSON.parse(report.payload.toString()));
    if (said.state !== 'offline') throw new Error('not an offline report');
    const lostAt = Date.parse(said.lostAt ?? '');
    const reportedAt = Date.parse(said.reportedAt ?? '');
    expect(lostAt).toBeGreaterThanOrEqual(killedAt - 5);
    expect(lostAt).toBeLessThanOrEqual(reportedAt);
    expect(reportedAt).toBeLessThanOrEqual(report.at + 5);
    // The kiosk logs its report once the broker has acknowledged its online status, which
    // can come a moment after the operator has seen both.
    await vi.waitFor(() => expect(log.matching('Fleet: reported the link lost')).toHaveLength(1), {
      timeout: 5000,
    });
    expect(log.matching('Fleet: offline')).toHaveLength(1);
    expect(log.matching('Fleet: online again')).toHaveLength(1);
  });

  it('reports no lost link after a clean stop, nor when it was never online', async () => {
    const first = kiosk('kiosk-will');
    const topics = kioskTopics(broker.prefix, 'kiosk-will');
    let from = operator.messages.length;
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    await first.client.stop();
    from = operator.messages.length;
    kiosk('kiosk-will');
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    expect(operator.messages.slice(from).filter((m) => reportsLostLink(m.payload))).toEqual([]);
  });

  it('says its status again when the broker has it offline while it is up, at most once per 5 s', async () => {
    const { log } = kiosk('kiosk-presence');
    const topics = kioskTopics(broker.prefix, 'kiosk-presence');
    let from = operator.messages.length;
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    // Its own status read back is under way once the broker has it; a late Last Will of an
    // older connection, as a cluster node can publish it, arrives after.
    await sleep(500);
    from = operator.messages.length;
    await operator.publish(topics.status, '{"state":"offline"}', { retain: true });
    await operator.next(topics.status, hasFields({ state: 'online' }), { from, timeoutMs: 3000 });
    const late = await observe(broker);
    expect(JSON.parse((await late.next(topics.status)).payload.toString())).toMatchObject({
      state: 'online',
    });
    await late.close();
    // A second one at once waits out the 5 s: two clients on one login cannot make it loop.
    const secondAt = Date.now();
    from = operator.messages.length;
    await operator.publish(topics.status, '{"state":"offline"}', { retain: true });
    const again = await operator.next(topics.status, hasFields({ state: 'online' }), {
      from,
      timeoutMs: STATUS_REPAIR_MS + 3000,
    });
    expect(again.at - secondAt).toBeGreaterThan(STATUS_REPAIR_MS - 1500);
    expect(log.matching('saying it again')).toHaveLength(1);
  }, 20_000);

  it('reconnects after a lost session by its backoff with full jitter, from the wider window, never at once or on a fixed period', async () => {
    let draw = 0.75;
    const from = operator.messages.length;
    const { connections } = kiosk('kiosk-jitter', {
      random: () => draw,
      // Started from a 0.5 s ceiling; a session once up and lost starts from 2 s.
      backoff: { baseMs: 500, capMs: 4000, afterLossMs: 2000 },
    });
    const topics = kioskTopics(broker.prefix, 'kiosk-jitter');
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    expect(connections).toHaveLength(1);
    const lostAt = Date.now();
    connections.at(-1)?.stream.destroy();
    // The first retry's ceiling after a loss is 2 s; three quarters of it is 1.5 s.
    await expect.poll(() => connections.length, { timeout: 5000, interval: 20 }).toBe(2);
    const waited = Date.now() - lostAt;
    expect(waited).toBeGreaterThanOrEqual(1450);
    expect(waited).toBeLessThan(2500);
    // The same kiosk with the lowest draw goes at once: the wait is the draw, not a period.
    await vi.waitFor(() => expect(connections.at(-1)?.connected).toBe(true), { timeout: 5000 });
    draw = 0;
    const againAt = Date.now();
    connections.at(-1)?.stream.destroy();
    await expect.poll(() => connections.length, { timeout: 5000, interval: 20 }).toBe(3);
    expect(Date.now() - againAt).toBeLessThan(500);
  });

  it('goes offline within 1.5 × keepalive when its connection falls silent', async () => {
    const proxy = await startTcpProxy(Number(new URL(broker.tcpUrl).port));
    kiosk('kiosk-silent', { brokerUrls: [proxy.url], keepaliveSeconds: 2 });
    const topics = kioskTopics(broker.prefix, 'kiosk-silent');
    const from = operator.messages.length;
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    const silencedAt = Date.now();
    proxy.silence();
    const offline = await operator.next(topics.status, hasFields({ state: 'offline' }), {
      from,
      timeoutMs: 6000,
    });
    // Mosquitto allows 1.5 × keepalive; a little slack for a loaded machine.
    expect(offline.at - silencedAt).toBeLessThanOrEqual(1.5 * 2000 + 1000);
    expect(offline.retain).toBe(false);
    await proxy.close();
  });

  it('rides out the broker stopping and restarting: no crash, one line each way, nothing piled up', async () => {
    const { client, connections, log } = kiosk('kiosk-restart', { healthSeconds: 1 });
    const topics = kioskTopics(broker.prefix, 'kiosk-restart');
    await operator.next(topics.status, hasFields({ state: 'online' }));
    await operator.close();
    await broker.stop();
    await sleep(3000);
    expect(client.state).toBe('offline');
    // Several attempts were made while it was down, each a fresh client, the old ones ended.
    expect(connections.length).toBeGreaterThan(2);
    expect(connections.slice(0, -1).every((made) => made.disconnected || !made.connected)).toBe(
      true,
    );
    expect(connections.reduce((queued, made) => queued + made.queue.length, 0)).toBe(0);
    await broker.restart();
    operator = await observe(broker);
    await operator.next(topics.status, hasFields({ state: 'online' }));
    await operator.next(topics.health);
    expect(client.state).toBe('online');
    expect(log.matching('Fleet: offline')).toHaveLength(1);
    expect(log.matching('Fleet: online again')).toHaveLength(1);
  }, 30_000);

  it('connects over TLS with the CA made by openssl, and not without it', async () => {
    const ca = readFileSync(broker.caFile ?? '');
    const trusted = kiosk('kiosk-tls', { brokerUrls: [broker.tlsUrl], tls: { ca } });
    const topics = kioskTopics(broker.prefix, 'kiosk-tls');
    await operator.next(topics.status, hasFields({ state: 'online' }));
    await trusted.client.stop();
    const untrusted = kiosk('kiosk-tls', { brokerUrls: [broker.tlsUrl] });
    await sleep(1500);
    expect(untrusted.client.state).toBe('offline');
    expect(untrusted.log.matching('Fleet: offline')).toEqual([
      expect.stringMatching(/certificate/i),
    ]);
  });

  it('connects over MQTT over WebSockets too', async () => {
    kiosk('kiosk-tls', { brokerUrls: [broker.wsUrl] });
    await operator.next(
      kioskTopics(broker.prefix, 'kiosk-tls').status,
      hasFields({ state: 'online' }),
    );
  });

  it('authenticates by client certificate when the broker asks for one', async () => {
    const issued = broker.issueClientCertificate?.('kiosk-mtls');
    if (!issued || !broker.mtlsUrl)
      throw new Error('the broker has no client-certificate listener');
    kiosk('kiosk-mtls', {
      brokerUrls: [broker.mtlsUrl],
      username: '',
      password: '',
      tls: {
        ca: readFileSync(broker.caFile ?? ''),
        cert: readFileSync(issued.certFile),
        key: readFileSync(issued.keyFile),
      },
    });
    const topics = kioskTopics(broker.prefix, 'kiosk-mtls');
    await operator.next(topics.status, hasFields({ state: 'online' }));
  });

  it('with refused credentials: logs once, keeps retrying with growing delays, never throws', async () => {
    const { client, connections, log } = kiosk('kiosk-refused', {
      password: 'wrong',
      random: () => 0.999,
      backoff: { baseMs: 100, capMs: 800 },
    });
    await sleep(2500);
    expect(client.state).toBe('offline');
    expect(log.matching('Fleet: offline')).toEqual([
      expect.stringContaining('the broker refused the credentials'),
    ]);
    // 100, 200, 400, 800, 800 … ms: about five attempts in 2.5 s, not hundreds.
    expect(connections.length).toBeGreaterThanOrEqual(3);
    expect(connections.length).toBeLessThanOrEqual(7);
  });

  it('obeys the broker’s ACL: another kiosk’s status cannot be forged', async () => {
    const forger = kiosk('kiosk-acl');
    await operator.next(
      kioskTopics(broker.prefix, 'kiosk-acl').status,
      hasFields({ state: 'online' }),
    );
    const other = kioskTopics(broker.prefix, 'kiosk-other');
    const from = operator.messages.length;
    await forger.connections.at(-1)?.publishAsync(other.status, '{"state":"online"}', { qos: 1 });
    await sleep(300);
    expect(operator.messages.slice(from).filter((m) => m.topic === other.status)).toEqual([]);
  });
});

/** Kiosks of the Last Will's groups, each behind its own proxy. */
const WILL_KIOSKS = { 'kiosk-lyon': 'pw-lyon', 'kiosk-moved': 'pw-moved' };

describe.skipIf(skipReason !== null)('the Last Will with the kiosk’s groups, on Mosquitto', () => {
  let broker: Mosquitto;
  let operator: Observer;
  const running: TestKiosk[] = [];
  const proxies: TcpProxy[] = [];

  beforeAll(async () => {
    broker = await startMosquitto({ kiosks: WILL_KIOSKS });
    operator = await observe(broker);
  }, 60_000);

  afterEach(async () => {
    await Promise.all(running.splice(0).map(({ client }) => client.stop()));
    await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  });

  afterAll(async () => {
    await operator.close();
    await broker.dispose();
  });

  /** A kiosk behind its own proxy, saying online with the groups `groups()` names now. */
  const groupedKiosk = async (
    kioskId: keyof typeof WILL_KIOSKS,
    groups: () => { store: string; region: string },
  ) => {
    const proxy = await startTcpProxy(Number(new URL(broker.tcpUrl).port));
    proxies.push(proxy);
    const status = (): KioskStatusOnline => ({
      state: 'online',
      version: '0.1.0',
      startedAt: new Date(0).toISOString(),
      publicKey: null,
      ...groups(),
    });
    const started = startKiosk(broker, {
      kioskId,
      password: WILL_KIOSKS[kioskId],
      brokerUrls: [proxy.url],
      status,
      groups,
      backoff: { baseMs: 100, capMs: 400 },
    });
    running.push(started);
    return { ...started, proxy };
  };

  /**
   * What a console and an exporter that connect now see of the kiosk's retained status: each
   * places a kiosk by its certificate in force (`certified`), and takes the groups its will
   * names as its own claim, a mismatch when they differ.
   */
  const seenLate = async (kioskId: string, certified: CertifiedGroups) => {
    const late = await observe(broker);
    const topic = kioskTopics(broker.prefix, kioskId).status;
    const retained: Message = await late.next(topic);
    await late.close();
    const fleet = applyMessages(
      emptyFleet(),
      [{ topic, payload: retained.payload, retained: retained.retain, receivedAt: 1_000 }],
      broker.prefix,
      { certified: (id) => (id === kioskId ? certified : null) },
    ).kiosks;
    const table = createFleetTable();
    const reading = readFleetMessage(broker.prefix, topic, retained.payload);
    if (reading) table.take(reading, 1_000);
    const metrics = await createExporterMetrics({
      table,
      catalogueMaxAgeMinutes: 60,
      brokerConnected: () => true,
      certified: (id) => (id === kioskId ? certified : null),
    }).render();
    return { retained, fleet, metrics };
  };

  it('a kiosk killed without a disconnect is offline in its own store for a console that connects afterwards', async () => {
    const { proxy } = await groupedKiosk('kiosk-lyon', () => ({
      store: 'lyon-1',
      region: 'eu-west',
    }));
    const topics = kioskTopics(broker.prefix, 'kiosk-lyon');
    const from = operator.messages.length;
    await operator.next(topics.status, hasFields({ state: 'online', store: 'lyon-1' }), { from });
    // Its socket dies with no DISCONNECT, and it cannot come back: the broker sends the will.
    await proxy.close();
    await operator.next(topics.status, hasFields({ state: 'offline' }), { from });

    const { retained, fleet, metrics } = await seenLate('kiosk-lyon', {
      store: 'lyon-1',
      region: 'eu-west',
      serial: 'serial-lyon',
    });
    expect(retained.retain).toBe(true);
    expect(statusSchema.parse(JSON.parse(retained.payload.toString()))).toEqual({
      state: 'offline',
      store: 'lyon-1',
      region: 'eu-west',
    });
    expect(rollupByGroup(fleet.values(), 'store')).toEqual([
      expect.objectContaining({ group: 'lyon-1', regions: ['eu-west'], total: 1, offline: 1 }),
    ]);
    expect(metrics).toContain(
      'kiosk_shop_kiosk_state{kiosk="kiosk-lyon",store="lyon-1",region="eu-west",state="offline"} 1',
    );
    // The will names the groups its certificate does: no mismatch for a kiosk that went away.
    expect(fleet.get('kiosk-lyon')?.claimed).toEqual({ store: 'lyon-1', region: 'eu-west' });
    expect(metrics).not.toContain('kiosk_shop_kiosk_group_mismatch{');
  });

  it('a clean stop says offline with its groups too', async () => {
    const { client } = await groupedKiosk('kiosk-lyon', () => ({
      store: 'lyon-1',
      region: 'eu-west',
    }));
    const topics = kioskTopics(broker.prefix, 'kiosk-lyon');
    const from = operator.messages.length;
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    await client.stop();
    const { retained } = await seenLate('kiosk-lyon', {
      store: 'lyon-1',
      region: 'eu-west',
      serial: 'serial-lyon',
    });
    expect(JSON.parse(retained.payload.toString())).toEqual({
      state: 'offline',
      store: 'lyon-1',
      region: 'eu-west',
    });
  });

  it('a kiosk whose store changes renews its session, so its Last Will names the new store', async () => {
    let groups = { store: 'lyon-1', region: 'eu-west' };
    const { client, connections, proxy, log } = await groupedKiosk('kiosk-moved', () => groups);
    const topics = kioskTopics(broker.prefix, 'kiosk-moved');
    const from = operator.messages.length;
    await operator.next(topics.status, hasFields({ state: 'online', store: 'lyon-1' }), { from });
    expect(connections).toHaveLength(1);

    groups = { store: 'paris-3', region: 'eu-west' };
    const moved = operator.messages.length;
    await client.publishStatus();
    // Offline with the new store first (never online with no will behind it), then online
    // again from a new session whose will names the new store.
    const offline = await operator.next(
      topics.status,
      hasFields({ state: 'offline', store: 'paris-3' }),
      { from: moved },
    );
    await operator.next(topics.status, hasFields({ state: 'online', store: 'paris-3' }), {
      from: operator.messages.indexOf(offline),
    });
    expect(connections).toHaveLength(2);
    expect(log.matching('renewing the session')).toHaveLength(1);
    // The same groups again: no new session.
    await client.publishStatus();
    expect(connections).toHaveLength(2);

    const killed = operator.messages.length;
    await proxy.close();
    await operator.next(topics.status, hasFields({ state: 'offline' }), { from: killed });
    // Its newer certificate moved it: the console places it there, and its will agrees.
    const { retained, fleet } = await seenLate('kiosk-moved', {
      store: 'paris-3',
      region: 'eu-west',
      serial: 'serial-moved-2',
    });
    expect(JSON.parse(retained.payload.toString())).toEqual({
      state: 'offline',
      store: 'paris-3',
      region: 'eu-west',
    });
    expect(fleet.get('kiosk-moved')).toMatchObject({
      presence: 'offline',
      store: 'paris-3',
      claimed: { store: 'paris-3', region: 'eu-west' },
    });
  });
});

const natsSkip = natsServerUnavailable();
if (natsSkip) console.log(`[fleet tests] cluster case skipped: ${natsSkip}`);

describe.skipIf(natsSkip !== null)(
  'the kiosk’s session on a NATS cluster, which binds no client id',
  () => {
    let broker: NatsClusterBroker | undefined;
    let watcher: Observer | undefined;
    let kiosk: TestKiosk | undefined;

    beforeAll(async () => {
      broker = await startNatsClusterBroker({
        kiosks: { 'kiosk-held': 'pw-held', 'kiosk-thief': 'pw-thief' },
      });
      watcher = await observe(broker);
    }, 60_000);

    afterAll(async () => {
      await kiosk?.client.stop();
      await watcher?.close();
      await broker?.dispose();
    });

    it('asks for an id no other login knows: another login naming the kiosk’s id takes nothing over', async () => {
      if (!broker || !watcher) throw new Error('no cluster');
      const status = kioskTopics(broker.prefix, 'kiosk-held').status;
      kiosk = startKiosk(broker, { kioskId: 'kiosk-held', password: 'pw-held' });
      await watcher.next(status, hasFields({ state: 'online' }));
      const asked = kiosk.connections[0]?.options.clientId ?? '';
      expect(asked.startsWith('kiosk-held.')).toBe(true);
      expect(asked.length).toBeGreaterThan('kiosk-held.'.length + 10);
      expect(kioskClientId('kiosk-held')).not.toBe(asked);

      // A stolen login of another kiosk, on the same node, naming the kiosk's id as it is.
      const thief = await mqtt.connectAsync(broker.tcpUrl, {
        username: 'kiosk-thief',
        password: 'pw-thief',
        clientId: 'kiosk-held',
        reconnectPeriod: 0,
      });
      try {
        await sleep(1500);
        const said = watcher.messages
          .filter((message) => message.topic === status)
          .map((message) => message.payload.toString());
        expect(said).not.toContainEqual(expect.stringContaining('offline'));
        expect(kiosk.connections).toHaveLength(1);
        expect(kiosk.client.state).toBe('online');
      } finally {
        await thief.endAsync(true);
      }
    }, 30_000);
  },
);
