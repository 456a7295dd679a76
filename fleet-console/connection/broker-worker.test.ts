/**
 * The broker worker's wiring, with MQTT.js faked: MQTT.js's own fixed reconnect period is
 * off and a lost connection comes back by the jittered backoff (reconnector.ts), and every
 * message goes through the inbox (worker-inbox.ts), so nothing a broker sends throws out
 * of the worker's message handler.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_HEALTH } from '../../tests/support/fixtures/kiosk-health';
import { parseBrokerList } from './broker-list';
import { DEFAULT_SETTINGS } from './console-settings';
import type { FromWorker, ToWorker } from './broker-protocol';

class FakeMqtt extends EventEmitter {
  connected = false;
  readonly reconnect = vi.fn();
  readonly subscribe = vi.fn();
}

const made: { url: string; options: Record<string, unknown>; client: FakeMqtt }[] = [];

vi.mock('mqtt', () => ({
  default: {
    connect: (url: string, options: Record<string, unknown>) => {
      const client = new FakeMqtt();
      made.push({ url, options, client });
      return client;
    },
  },
}));

const posted: FromWorker[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  made.length = 0;
  posted.length = 0;
  vi.stubGlobal('postMessage', (message: FromWorker) => posted.push(message));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

async function startWorker(brokerUrl = 'ws://127.0.0.1:9001'): Promise<FakeMqtt> {
  const { runBrokerWorker } = await import('./broker-worker');
  runBrokerWorker();
  const handler = (globalThis as { onmessage?: (event: MessageEvent<ToWorker>) => void }).onmessage;
  if (!handler) throw new Error('the worker set no onmessage');
  handler(
    new MessageEvent<ToWorker>('message', {
      data: {
        type: 'connect',
        settings: { ...DEFAULT_SETTINGS, brokers: parseBrokerList(brokerUrl) },
        clientId: 'fleet-console-test',
      },
    }),
  );
  const client = made.at(-1)?.client;
  if (!client) throw new Error('no MQTT client made');
  return client;
}

describe('the broker worker', () => {
  it('turns MQTT.js’s fixed reconnect period off and reconnects by the jittered backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.75);
    const client = await startWorker();
    expect(made[0]?.options).toMatchObject({ reconnectPeriod: 0, clientId: 'fleet-console-test' });
    client.emit('close');
    client.emit('close');
    vi.advanceTimersByTime(749);
    expect(client.reconnect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(client.reconnect).toHaveBeenCalledTimes(1);
    // Failed again: the ceiling has doubled.
    client.emit('close');
    vi.advanceTimersByTime(1499);
    expect(client.reconnect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(client.reconnect).toHaveBeenCalledTimes(2);
    expect(posted.filter((message) => message.type === 'phase').at(-1)).toMatchObject({
      phase: 'reconnecting',
    });
  });

  it('says another client may hold its login when its sessions keep ending soon after they open', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const client = await startWorker();
    const lastProblem = () =>
      posted.filter((message) => message.type === 'phase').at(-1) as { problem: string | null };
    for (let round = 0; round < 2; round += 1) {
      client.emit('connect');
      vi.advanceTimersByTime(1000);
      client.emit('close');
      vi.advanceTimersByTime(60_000);
    }
    expect(lastProblem().problem).toMatch(
      /another console or tool may be signed in as this login\. The broker keeps one session per login/,
    );
    // A session that lasts clears it.
    client.emit('connect');
    expect(lastProblem().problem).toBeNull();
  });

  it('with a cluster connects to a node drawn at random, and after each loss to another', async () => {
    const draws = [0.5, 0, 0.9, 0.9, 0.1, 0.9];
    let n = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => draws[n++ % draws.length]!);
    const client = await startWorker('ws://127.0.0.1:1, ws://127.0.0.1:2, ws://127.0.0.1:3');
    const transform = made[0]?.options.transformWsUrl as (() => string) | undefined;
    expect(made[0]?.url).toBe('ws://127.0.0.1:2');
    expect(transform?.()).toBe('ws://127.0.0.1:2');
    const seen = [transform?.()];
    for (let loss = 0; loss < 3; loss += 1) {
      client.emit('close');
      vi.advanceTimersByTime(60_000);
      seen.push(transform?.());
    }
    for (let index = 1; index < seen.length; index += 1) {
      expect(seen[index]).not.toBe(seen[index - 1]);
    }
    expect(client.reconnect).toHaveBeenCalledTimes(3);
    // Each phase names the node it is about, the one the header shows.
    client.emit('connect');
    expect(posted.filter((message) => message.type === 'phase').at(-1)).toEqual({
      type: 'phase',
      phase: 'connected',
      problem: null,
      broker: transform?.(),
    });
  });

  it('subscribes at QoS 0 on every connect, the topics a kiosk is watched on too, so a cluster node serves them without JetStream', async () => {
    const client = await startWorker();
    const handler = (globalThis as { onmessage?: (event: MessageEvent<ToWorker>) => void })
      .onmessage;
    handler?.(
      new MessageEvent<ToWorker>('message', {
        data: { type: 'subscribe', topic: 'kiosk-shop/kiosks/k1/screenshot' },
      }),
    );
    client.emit('connect');
    const subscribed = client.subscribe.mock.calls.map(([topic, options]) => ({
      topic: topic as string,
      options: options as { qos: number },
    }));
    expect(subscribed.map(({ topic }) => topic)).toContain('kiosk-shop/kiosks/+/status');
    expect(subscribed.map(({ topic }) => topic)).toContain('kiosk-shop/kiosks/k1/screenshot');
    expect(subscribed.every(({ options }) => options.qos === 0)).toBe(true);
  });

  it('reads every message through its inbox: nothing a broker sends throws out of the handler', async () => {
    const client = await startWorker();
    client.emit('connect');
    const packet = { retain: true };
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(() => {
      client.emit('message', 'kiosk-shop/kiosks/k1/health', Buffer.from(deep), packet);
      client.emit(
        'message',
        'kiosk-shop/fleet/config',
        Buffer.from('{"config":{"x":1e400}}'),
        packet,
      );
      client.emit('message', 'kiosk-shop/kiosks/k1/health', Buffer.from([0xff, 0xfe]), packet);
      client.emit(
        'message',
        'kiosk-shop/kiosks/k1/health',
        Buffer.from(JSON.stringify(SAMPLE_HEALTH)),
        packet,
      );
    }).not.toThrow();
    vi.advanceTimersByTime(20);
    const batches = posted.flatMap((message) => (message.type === 'messages' ? [message] : []));
    expect(batches).toHaveLength(1);
    expect(batches[0]?.messages.map((read) => read.kind)).toEqual([
      'health',
      'config',
      'health',
      'health',
    ]);
  });
});
