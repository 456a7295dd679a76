/**
 * Plain MQTT is refused off the machine on an installed kiosk, and a configured CA or
 * client certificate is never silently ignored: the rule on its own, then through the
 * real kiosk wiring (setupFleet) against a real Mosquitto, where a kiosk with fleet.ca and
 * an mqtt:// URL must not reach the broker at all.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FleetClientOptions } from '../../../../electron/main/fleet/fleet-client';
import {
  brokerTransportRefusal,
  isLoopbackHost,
  type BrokerTransportSettings,
} from '../../../../electron/main/fleet/broker-transport';
import { kioskTopics } from '../../../../shared/fleet/topics';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../../support/mosquitto';
import { hasFields, observe, sleep, type Observer } from './support/fleet-fixtures';
import { startRealKiosk, type RealKiosk } from './support/real-kiosk';

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

describe('the broker transport rule', () => {
  it('holds every broker of fleet.brokerUrls to the rule, not only the first', () => {
    const cluster = (urls: string[], tls: Partial<BrokerTransportSettings> = {}) =>
      settings('', { 'fleet.brokerUrls': urls, ...tls });
    expect(
      brokerTransportRefusal(cluster(['mqtts://a.example:8883', 'mqtts://b.example:8883']), true),
    ).toBeNull();
    expect(
      brokerTransportRefusal(cluster(['mqtts://a.example:8883', 'mqtt://b.example:1883']), true),
    ).toBe(
      'an installed kiosk does not use plain mqtt:// to b.example, another machine: use mqtts:// or wss:// (plain MQTT only to this machine)',
    );
    expect(
      brokerTransportRefusal(
        cluster(['mqtts://a.example:8883', 'ws://127.0.0.1:9001'], { 'fleet.ca': '/ca.pem' }),
        false,
      ),
    ).toBe(
      'fleet.ca is set but fleet.brokerUrls entry ws://127.0.0.1:9001 is ws://, which is not TLS: use mqtts:// or wss://, or remove it',
    );
    // The list wins over fleet.brokerUrl: a plain single URL beside it is not used.
    expect(
      brokerTransportRefusal(
        settings('mqtt://far.example:1883', { 'fleet.brokerUrls': ['mqtts://a.example:8883'] }),
        true,
      ),
    ).toBeNull();
  });

  it('knows loopback hosts: localhost, 127.0.0.0/8 and ::1, nothing else', () => {
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '[::1]', '::1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '10.0.0.5',
      '0.0.0.0',
      'broker.local',
      '127.0.0.1.nip.io',
      '[::ffff:7f00:1]',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('an installed kiosk refuses mqtt:// and ws:// to another machine, not TLS, not loopback', () => {
    expect(brokerTransportRefusal(settings('mqtt://broker.shop.example:1883'), true)).toBe(
      'an installed kiosk does not use plain mqtt:// to broker.shop.example, another machine: use mqtts:// or wss:// (plain MQTT only to this machine)',
    );
    expect(brokerTransportRefusal(settings('ws://10.1.2.3:9001/mqtt'), true)).toMatch(
      /plain ws:\/\/ to 10\.1\.2\.3/,
    );
    for (const allowed of [
      'mqtts://broker.shop.example:8883',
      'wss://broker.shop.example:8884/mqtt',
      'mqtt://127.0.0.1:1883',
      'ws://localhost:9001',
      'mqtt://[::1]:1883',
    ]) {
      expect(brokerTransportRefusal(settings(allowed), true), allowed).toBeNull();
    }
    // A kiosk run from a checkout (a developer's, a demo) may.
    expect(brokerTransportRefusal(settings('mqtt://broker.shop.example:1883'), false)).toBeNull();
  });

  it('refuses any TLS setting with a plain URL, installed or not, loopback or not', () => {
    expect(
      brokerTransportRefusal(settings('mqtt://127.0.0.1:1883', { 'fleet.ca': '/ca.pem' }), false),
    ).toBe(
      'fleet.ca is set but fleet.brokerUrl is mqtt://, which is not TLS: use mqtts:// or wss://, or remove it',
    );
    expect(
      brokerTransportRefusal(
        settings('ws://broker.shop.example', { 'fleet.cert': '/c.pem', 'fleet.key': '/k.pem' }),
        true,
      ),
    ).toBe(
      'fleet.cert, fleet.key are set but fleet.brokerUrl is ws://, which is not TLS: use mqtts:// or wss://, or remove them',
    );
    expect(
      brokerTransportRefusal(
        settings('mqtts://broker.shop.example', { 'fleet.ca': '/ca.pem' }),
        true,
      ),
    ).toBeNull();
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

  it('with fleet.ca set and an mqtt:// URL, never reaches the broker and says why', async () => {
    const from = operator.messages.length;
    const kiosk = startRealKiosk({
      configFile: fleet({ brokerUrl: broker.tcpUrl, ca: broker.caFile }),
    });
    running.push(kiosk);
    expect(kiosk.fleet.client).toBeNull();
    expect(kiosk.log.matching('Fleet: not connecting')).toEqual([
      'error: Fleet: not connecting: fleet.ca is set but fleet.brokerUrl is mqtt://, which is not TLS: use mqtts:// or wss://, or remove it',
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
      deps: { connect },
    });
    running.push(remote);
    expect(remote.fleet.client).toBeNull();
    expect(remote.log.matching('Fleet: not connecting')).toEqual([
      'error: Fleet: not connecting: an installed kiosk does not use plain mqtt:// to broker.shop.example, another machine: use mqtts:// or wss:// (plain MQTT only to this machine)',
    ]);
    const ws = startRealKiosk({
      machineFile: fleet({ brokerUrl: 'ws://192.0.2.10:9001' }),
      deps: { connect },
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
});
