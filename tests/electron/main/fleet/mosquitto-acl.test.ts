/**
 * The broker setup the README recommends, proved on a real Mosquitto: passwords are
 * required, and the ACL keeps each kiosk to its own topics, whatever its software does.
 */
import { readFileSync } from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskTopics } from '../../../../shared/fleet/topics';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../../support/mosquitto';

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[fleet tests] skipped: ${skipReason}`);

const KIOSKS = { 'kiosk-a': 'secret-a', 'kiosk-b': 'secret-b' };

async function connect(url: string, options: mqtt.IClientOptions): Promise<MqttClient> {
  return mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...options });
}

/** Messages on `topic` seen by `client` within `ms`. */
function collect(client: MqttClient, topic: string): string[] {
  const seen: string[] = [];
  client.on('message', (received, payload) => {
    if (received === topic) seen.push(payload.toString());
  });
  return seen;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skipReason !== null)('the recommended Mosquitto setup', () => {
  let broker: Mosquitto;
  let operator: MqttClient;

  beforeAll(async () => {
    broker = await startMosquitto({ kiosks: KIOSKS, tls: true });
    operator = await connect(broker.tcpUrl, broker.operator);
  }, 60_000);

  afterAll(async () => {
    await operator.endAsync();
    await broker.dispose();
  });

  it('refuses a client without the right password', async () => {
    await expect(
      connect(broker.tcpUrl, { username: 'kiosk-a', password: 'wrong' }),
    ).rejects.toThrow(/Not authorized|Bad username or password/i);
    await expect(connect(broker.tcpUrl, {})).rejects.toThrow(/Not authorized/i);
  });

  it('lets a kiosk publish under its own id only', async () => {
    const own = kioskTopics(broker.prefix, 'kiosk-a');
    const other = kioskTopics(broker.prefix, 'kiosk-b');
    await operator.subscribeAsync([own.health, other.health], { qos: 1 });
    const ownSeen = collect(operator, own.health);
    const otherSeen = collect(operator, other.health);
    const kiosk = await connect(broker.tcpUrl, { username: 'kiosk-a', password: 'secret-a' });
    await kiosk.publishAsync(own.health, 'mine', { qos: 1 });
    await kiosk.publishAsync(other.health, 'forged', { qos: 1 });
    await sleep(300);
    expect(ownSeen).toEqual(['mine']);
    expect(otherSeen).toEqual([]);
    await kiosk.endAsync();
  });

  it('lets a kiosk read its own and the fleet-wide commands, not another kiosk’s', async () => {
    const own = kioskTopics(broker.prefix, 'kiosk-a');
    const other = kioskTopics(broker.prefix, 'kiosk-b');
    const kiosk = await connect(broker.tcpUrl, { username: 'kiosk-a', password: 'secret-a' });
    const granted = await kiosk.subscribeAsync([own.commands, own.allCommands, other.commands], {
      qos: 1,
    });
    // Mosquitto 2 grants the subscription, then drops what the ACL does not let it read.
    const seen: string[] = [];
    kiosk.on('message', (topic) => seen.push(topic));
    for (const topic of [own.commands, own.allCommands, other.commands]) {
      await operator.publishAsync(topic, '{}', { qos: 1 });
    }
    await sleep(300);
    expect(granted).toHaveLength(3);
    expect(seen.sort()).toEqual([own.allCommands, own.commands].sort());
    await kiosk.endAsync();
  });

  it('speaks MQTT over WebSockets and over TLS with the CA made by openssl', async () => {
    const ws = await connect(broker.wsUrl, broker.operator);
    expect(ws.connected).toBe(true);
    await ws.endAsync();
    const tls = await connect(broker.tlsUrl ?? '', {
      ...broker.operator,
      ca: readFileSync(broker.caFile ?? ''),
    });
    expect(tls.connected).toBe(true);
    await tls.endAsync();
    // Without the CA the server's certificate is not trusted.
    await expect(connect(broker.tlsUrl ?? '', broker.operator)).rejects.toThrow(/certificate/i);
  });
});
