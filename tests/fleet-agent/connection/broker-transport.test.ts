/**
 * Plain MQTT is refused off the machine on an installed kiosk, and a configured CA or
 * client certificate is never silently ignored: the rule on its own, then through the
 * real kiosk wiring (setupFleet) against a real Mosquitto, where a kiosk with fleet.ca and
 * an mqtt:// URL must not reach the broker at all, a refused broker of a list is never
 * tried while the others are used, and every refusal reaches health: at once when another
 * broker passes, and at the next start that reaches the fleet when none did.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROKER_REFUSALS_FILE } from '../../../fleet-agent/connection/broker-refusals';
import type { FleetClientOptions } from '../../../fleet-agent/fleet-client';
import {
  checkBrokerTransport,
  type BrokerTransportSettings,
} from '../../../fleet-agent/connection/broker-transport';
import { healthSchema, type KioskHealth } from '../../../shared/fleet/payloads';
import { kioskTopics } from '../../../shared/fleet/topics';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../support/mosquitto';
import { hasFields, observe, sleep, type Observer } from '../support/fleet-fixtures';
import { startRealKiosk, type RealKiosk } from '../../electron/main/fleet/support/real-kiosk';

const settings = (
  brokerUrl: string,
  tls: Partial<BrokerTransportSettings> = {},
): BrokerTransportSettings => ({
  'fleet.brokerUrl': brokerUrl,
  'fleet.ca': '',
  'fleet.cert': '',
  'fleet.key': '',
  ...tls,
});

/** Why `brokerUrl` alone would be refused, or null when it may be used. */
const refusal = (
  brokerUrl: string,
  packaged: boolean,
  tls: Partial<BrokerTransportSettings> = {},
) => checkBrokerTransport(settings(brokerUrl, tls), packaged).refused[0]?.reason ?? null;

describe('the broker transport rule', () => {
  it('holds every broker of fleet.brokerUrls to the rule on its own, and keeps those that pass', () => {
    const cluster = (urls: string[], tls: Partial<BrokerTransportSettings> = {}) =>
      settings('', { 'fleet.brokerUrls': urls, ...tls });
    expect(
      checkBrokerTransport(cluster(['mqtts://a.example:8883', 'mqtts://b.example:8883']), true),
    ).toEqual({
      usable: ['mqtts://a.example:8883', 'mqtts://b.example:8883'],
      refused: [],
      setting: 'fleet.brokerUrls entry',
    });
    expect(
      checkBrokerTransport(
        cluster(['mqtts://a.example:8883', 'mqtt://b.example:1883', 'ws://c.example:9001']),
        true,
      ),
    ).toEqual({
      usable: ['mqtts://a.example:8883'],
      refused: [
        {
          brokerUrl: 'mqtt://b.example:1883',
          reason:
            'an installed kiosk does not use plain mqtt:// to another machine: use mqtts:// or wss:// (plain MQTT only to this machine)',
        },
        {
          brokerUrl: 'ws://c.example:9001',
          reason:
            'an installed kiosk does not use plain ws:// to another machine: use mqtts:// or wss:// (plain MQTT only to this machine)',
        },
      ],
      setting: 'fleet.brokerUrls entry',
    });
    expect(
      checkBrokerTransport(
        cluster(['mqtts://a.example:8883', 'ws://127.0.0.1:9001'], { 'fleet.ca': '/ca.pem' }),
        false,
      ),
    ).toEqual({
      usable: ['mqtts://a.example:8883'],
      refused: [
        {
          brokerUrl: 'ws://127.0.0.1:9001',
          reason: 'fleet.ca is set but ws:// is not TLS: use mqtts:// or wss://, or remove it',
        },
      ],
      setting: 'fleet.brokerUrls entry',
    });
    // The list wins over fleet.brokerUrl: a plain single URL beside it is not used.
    expect(
      checkBrokerTransport(
        settings('mqtt://far.example:1883', { 'fleet.brokerUrls': ['mqtts://a.example:8883'] }),
        true,
      ),
    ).toEqual({
      usable: ['mqtts://a.example:8883'],
      refused: [],
      setting: 'fleet.brokerUrls entry',
    });
  });

  it('an installed kiosk refuses mqtt:// and ws:// to another machine, not TLS, not loopback', () => {
    expect(checkBrokerTransport(settings('mqtt://broker.shop.example:1883'), true)).toEqual({
      usable: [],
      refused: [
        {
          brokerUrl: 'mqtt://broker.shop.example:1883',
          reason:
            'an installed kiosk does not use plain mqtt:// to another machine: use mqtts:// or wss:// (plain MQTT only to this machine)',
        },
      ],
      setting: 'fleet.brokerUrl',
    });
    expect(refusal('ws://10.1.2.3:9001/mqtt', true)).toMatch(/plain ws:\/\/ to another machine/);
    for (const allowed of [
      'mqtts://broker.shop.example:8883',
      'wss://broker.shop.example:8884/mqtt',
      'mqtt://127.0.0.1:1883',
      'ws://localhost:9001',
      'mqtt://[::1]:1883',
    ]) {
      expect(refusal(allowed, true), allowed).toBeNull();
    }
    // A kiosk run from a checkout (a developer's, a demo) may.
    expect(refusal('mqtt://broker.shop.example:1883', false)).toBeNull();
  });

  it('refuses any TLS setting with a plain URL, installed or not, loopback or not', () => {
    expect(refusal('mqtt://127.0.0.1:1883', false, { 'fleet.ca': '/ca.pem' })).toBe(
      'fleet.ca is set but mqtt:// is not TLS: use mqtts:// or wss://, or remove it',
    );
    expect(
      refusal('ws://broker.shop.example', true, { 'fleet.cert': '/c.pem', 'fleet.key': '/k.pem' }),
    ).toBe(
      'fleet.cert, fleet.key are set but ws:// is not TLS: use mqtts:// or wss://, or remove them',
    );
    expect(refusal('mqtts://broker.shop.example', true, { 'fleet.ca': '/ca.pem' })).toBeNull();
  });
});

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[fleet tests] skipped: ${skipReason}`);

const ID = 'kiosk-transport';
const KIOSKS = { [ID]: 'pw-transport' };

describe.skipIf(skipReason !== null)('the kiosk’s transport, against Mosquitto', () => {
  let broker: Mosquitto;
  let operator: Observer;
  const running: RealKiosk[] = [];

  const fleet = (fields: Record<string, unknown>) => ({
    fleet: {
      kioskId: ID,
      username: ID,
      password: KIOSKS[ID],
      topicPrefix: broker.prefix,
      ...fields,
    },
  });

  beforeAll(async () => {
    broker = await startMosquitto({ kiosks: KIOSKS, tls: true });
    operator = await observe(broker);
  }, 60_000);

  afterEach(async () => {
    await Promise.all(running.splice(0).map((kiosk) => kiosk.fleet.stop()));
  });

  afterAll(async () => {
    await operator.close();
    await broker.dispose();
  });

  /** The first health the kiosk sends after message `from`. */
  const nextHealth = async (from: number): Promise<KioskHealth> => {
    const message = await operator.next(kioskTopics(broker.prefix, ID).health, undefined, {
      from,
    });
    return healthSchema.parse(JSON.parse(message.payload.toString()));
  };

  /** The refused brokers kept on disk, waiting to be reported. */
  const kept = (userData: string): unknown =>
    JSON.parse(readFileSync(join(userData, BROKER_REFUSALS_FILE), 'utf8'));

  const CA_WITH_PLAIN =
    'fleet.ca is set but mqtt:// is not TLS: use mqtts:// or wss://, or remove it';
  const PLAIN_AWAY =
    'an installed kiosk does not use plain mqtt:// to another machine: use mqtts:// or wss:// (plain MQTT only to this machine)';

  it('with fleet.ca set and an mqtt:// URL, never reaches the broker and says why', async () => {
    const from = operator.messages.length;
    const kiosk = startRealKiosk({
      configFile: fleet({ brokerUrl: broker.tcpUrl, ca: broker.caFile }),
    });
    running.push(kiosk);
    expect(kiosk.fleet.client).toBeNull();
    expect(kiosk.log.matching('Fleet: not connecting')).toEqual([
      `error: Fleet: not connecting to ${broker.tcpUrl} (fleet.brokerUrl): fleet.ca is set but mqtt:// is not TLS: use mqtts:// or wss://, or remove it`,
    ]);
    await sleep(1500);
    expect(broker.log()).not.toMatch(new RegExp(`as ${ID} `));
    const topics = kioskTopics(broker.prefix, ID);
    expect(operator.messages.slice(from).filter((m) => m.topic === topics.status)).toEqual([]);
  });

  it('with the same CA and the mqtts:// URL, connects over TLS', async () => {
    const from = operator.messages.length;
    const kiosk = startRealKiosk({
      configFile: fleet({ brokerUrl: broker.tlsUrl, ca: broker.caFile }),
    });
    running.push(kiosk);
    await operator.next(kioskTopics(broker.prefix, ID).status, hasFields({ state: 'online' }), {
      from,
    });
  });

  it('installed: refuses plain MQTT to another machine before opening any socket, and still uses it on loopback', async () => {
    const connect = vi.fn<NonNullable<FleetClientOptions['connect']>>();
    const remote = startRealKiosk({
      machineFile: fleet({ brokerUrl: 'mqtt://broker.shop.example:1883' }),
      deps: { seams: { connect } },
    });
    running.push(remote);
    expect(remote.fleet.client).toBeNull();
    expect(remote.log.matching('Fleet: not connecting')).toEqual([
      'error: Fleet: not connecting to mqtt://broker.shop.example:1883 (fleet.brokerUrl): an installed kiosk does not use plain mqtt:// to another machine: use mqtts:// or wss:// (plain MQTT only to this machine)',
    ]);
    const ws = startRealKiosk({
      machineFile: fleet({ brokerUrl: 'ws://192.0.2.10:9001' }),
      deps: { seams: { connect } },
    });
    running.push(ws);
    expect(ws.fleet.client).toBeNull();
    await sleep(200);
    expect(connect).not.toHaveBeenCalled();

    const from = operator.messages.length;
    const local = startRealKiosk({ machineFile: fleet({ brokerUrl: broker.tcpUrl }) });
    running.push(local);
    await operator.next(kioskTopics(broker.prefix, ID).status, hasFields({ state: 'online' }), {
      from,
    });
  });
  it('a refusal that kept the kiosk off is in its health at the next start that reaches the fleet, until reported', async () => {
    const refusedAt = Date.now();
    const refused = startRealKiosk({
      configFile: fleet({ brokerUrl: broker.tcpUrl, ca: broker.caFile }),
    });
    running.push(refused);
    expect(refused.fleet.client).toBeNull();
    const { userData } = refused;
    expect(kept(userData)).toEqual({
      refusals: [
        { at: expect.any(String) as unknown, broker: broker.tcpUrl, reason: CA_WITH_PLAIN },
      ],
    });

    // The owner fixes the URL; the kiosk starts again with the same userData.
    let from = operator.messages.length;
    const fixed = startRealKiosk({
      userData,
      configFile: fleet({ brokerUrl: broker.tlsUrl, ca: broker.caFile }),
    });
    running.push(fixed);
    const health = await nextHealth(from);
    expect(health.brokerRefusals).toEqual([
      { at: expect.any(String) as unknown, broker: broker.tcpUrl, reason: CA_WITH_PLAIN },
    ]);
    const at = Date.parse(health.brokerRefusals[0]?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(refusedAt - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    // Reported: the record forgets it, and this run's health goes on naming it.
    await expect.poll(() => kept(userData)).toEqual({ refusals: [] });
    from = operator.messages.length;
    await fixed.fleet.client?.publishHealth();
    expect((await nextHealth(from)).brokerRefusals).toEqual(health.brokerRefusals);
    await fixed.fleet.stop();

    // The start after that has nothing left to tell.
    from = operator.messages.length;
    const again = startRealKiosk({
      userData,
      configFile: fleet({ brokerUrl: broker.tlsUrl, ca: broker.caFile }),
    });
    running.push(again);
    expect((await nextHealth(from)).brokerRefusals).toEqual([]);
  }, 30_000);

  it('a TLS file it cannot read keeps the kiosk off, and the next start that reaches the fleet names it in health', async () => {
    const missing = join(tmpdir(), `kiosk-transport-missing-${process.pid}.pem`);
    const off = startRealKiosk({
      configFile: fleet({ brokerUrl: broker.tlsUrl, ca: missing }),
    });
    running.push(off);
    expect(off.fleet.client).toBeNull();
    const reason = `cannot read fleet.ca ${missing} (ENOENT)`;
    expect(kept(off.userData)).toEqual({
      refusals: [{ at: expect.any(String) as unknown, broker: broker.tlsUrl, reason }],
    });

    const from = operator.messages.length;
    const fixed = startRealKiosk({
      userData: off.userData,
      configFile: fleet({ brokerUrl: broker.tlsUrl, ca: broker.caFile }),
    });
    running.push(fixed);
    expect((await nextHealth(from)).brokerRefusals).toEqual([
      { at: expect.any(String) as unknown, broker: broker.tlsUrl, reason },
    ]);
  }, 30_000);

  it('installed, with a list: never tries the refused broker, uses the other, and health says which was refused', async () => {
    const far = 'mqtt://broker.shop.example:1883';
    const tried: string[] = [];
    const from = operator.messages.length;
    const kiosk = startRealKiosk({
      machineFile: fleet({ brokerUrls: [far, broker.tcpUrl] }),
      deps: {
        seams: {
          connect: (url, options) => {
            tried.push(url);
            return mqtt.connect(url, options);
          },
        },
      },
    });
    running.push(kiosk);
    expect(kiosk.log.matching('Fleet: not connecting')).toEqual([
      `error: Fleet: not connecting to ${far} (fleet.brokerUrls entry): ${PLAIN_AWAY}; connecting to the other brokers`,
    ]);
    await operator.next(kioskTopics(broker.prefix, ID).status, hasFields({ state: 'online' }), {
      from,
    });
    expect((await nextHealth(from)).brokerRefusals).toEqual([
      { at: expect.any(String) as unknown, broker: far, reason: PLAIN_AWAY },
    ]);
    expect(tried).not.toContain(far);
    expect(tried.length).toBeGreaterThan(0);
  }, 30_000);
});
