/**
 * The Last Will names the kiosk's store and region, against a real Mosquitto: a kiosk that
 * went away before a console (or the exporter) connected is still counted in its own group,
 * read by the console's own reader and fold and by the exporter's own reader and metrics.
 * The kiosk reaches the broker through a TCP proxy, so closing the proxy kills its socket
 * without a DISCONNECT and keeps it from coming back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { statusSchema, type KioskStatusOnline } from '../../../../shared/fleet/payloads';
import { kioskTopics } from '../../../../shared/fleet/topics';
import { applyMessages, emptyFleet } from '../../../../fleet-console/fleet/fleet-state';
import { rollupByGroup } from '../../../../fleet-console/fleet/group-rollup';
import {
  createFleetTable,
  readFleetMessage,
} from '../../../../scripts/lib/fleet-exporter-readings';
import { createExporterMetrics } from '../../../../scripts/lib/fleet-exporter-metrics';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../../support/mosquitto';
import {
  hasFields,
  observe,
  startKiosk,
  type Message,
  type Observer,
  type TestKiosk,
} from './support/fleet-fixtures';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[fleet tests] skipped: ${skipReason}`);

const KIOSKS = { 'kiosk-lyon': 'pw-lyon', 'kiosk-moved': 'pw-moved' };

describe.skipIf(skipReason !== null)('the Last Will with the kiosk’s groups, on Mosquitto', () => {
  let broker: Mosquitto;
  let operator: Observer;
  const running: TestKiosk[] = [];
  const proxies: TcpProxy[] = [];

  beforeAll(async () => {
    broker = await startMosquitto({ kiosks: KIOSKS });
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
    kioskId: keyof typeof KIOSKS,
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
      password: KIOSKS[kioskId],
      brokerUrls: [proxy.url],
      status,
      groups,
      backoff: { baseMs: 100, capMs: 400 },
    });
    running.push(started);
    return { ...started, proxy };
  };

  /** What a console and an exporter that connect now see of the kiosk's retained status. */
  const seenLate = async (kioskId: string) => {
    const late = await observe(broker);
    const topic = kioskTopics(broker.prefix, kioskId).status;
    const retained: Message = await late.next(topic);
    await late.close();
    const fleet = applyMessages(
      emptyFleet(),
      [{ topic, payload: retained.payload, retained: retained.retain, receivedAt: 1_000 }],
      broker.prefix,
    ).kiosks;
    const table = createFleetTable();
    const reading = readFleetMessage(broker.prefix, topic, retained.payload);
    if (reading) table.take(reading, 1_000);
    const metrics = await createExporterMetrics({
      table,
      catalogueMaxAgeMinutes: 60,
      brokerConnected: () => true,
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

    const { retained, fleet, metrics } = await seenLate('kiosk-lyon');
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
    const { retained } = await seenLate('kiosk-lyon');
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
    const { retained, fleet } = await seenLate('kiosk-moved');
    expect(JSON.parse(retained.payload.toString())).toEqual({
      state: 'offline',
      store: 'paris-3',
      region: 'eu-west',
    });
    expect(fleet.get('kiosk-moved')).toMatchObject({ presence: 'offline', store: 'paris-3' });
  });
});
