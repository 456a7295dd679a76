/** The embedded demo broker with real MQTT.js clients: TCP and WebSockets meet, credentials hold. */
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoBroker, type DemoBroker } from '../../../tools/fleet-demo/demo-broker';

let broker: DemoBroker | null = null;
afterEach(async () => {
  await broker?.close();
  broker = null;
});

describe('the demo broker', () => {
  it('carries a retained message and a Last Will from a TCP kiosk to a WebSockets console', async () => {
    broker = await startDemoBroker({ tcpPort: 0, wsPort: 0 });
    expect(broker.tcpUrl).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
    expect(broker.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    const kiosk = await mqtt.connectAsync(broker.tcpUrl, {
      reconnectPeriod: 0,
      will: {
        topic: 'kiosk-shop/kiosks/k1/status',
        payload: Buffer.from('{"state":"offline"}'),
        qos: 1,
        retain: true,
      },
    });
    await kiosk.publishAsync('kiosk-shop/kiosks/k1/status', '{"state":"online"}', {
      qos: 1,
      retain: true,
    });

    const console_ = await mqtt.connectAsync(broker.wsUrl, { reconnectPeriod: 0 });
    const seen: string[] = [];
    console_.on('message', (_topic, payload) => seen.push(payload.toString()));
    await console_.subscribeAsync('kiosk-shop/kiosks/+/status', { qos: 1 });
    await expect.poll(() => seen).toEqual(['{"state":"online"}']);

    kiosk.stream.destroy();
    await expect.poll(() => seen.at(-1)).toBe('{"state":"offline"}');
    await console_.endAsync(true);
  });

  it('refuses a client without the right credentials when it has some', async () => {
    broker = await startDemoBroker({
      tcpPort: 0,
      wsPort: 0,
      credentials: { username: 'op', password: 'pw' },
    });
    await expect(
      mqtt.connectAsync(broker.tcpUrl, { username: 'op', password: 'wrong', reconnectPeriod: 0 }),
    ).rejects.toThrow();
    const ok = await mqtt.connectAsync(broker.wsUrl, {
      username: 'op',
      password: 'pw',
      reconnectPeriod: 0,
    });
    expect(ok.connected).toBe(true);
    await ok.endAsync(true);
  });

  it('takes a free port when the one asked for is busy', async () => {
    const first = await startDemoBroker({ tcpPort: 0, wsPort: 0 });
    try {
      broker = await startDemoBroker({ tcpPort: Number(new URL(first.tcpUrl).port), wsPort: 0 });
      expect(broker.tcpUrl).not.toBe(first.tcpUrl);
    } finally {
      await first.close();
    }
  });
});
