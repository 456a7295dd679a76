/**
 * The fleet client with several brokers (a cluster's nodes): the first attempt goes to the
 * broker the random source draws, and every retry after a refused connection to another
 * one, never the same node twice in a row; a node where nothing listens is left at once and
 * skipped while another is left. Real sockets to loopback ports where nothing
 * listens (each attempt is refused at once), the random source injected.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type IClientOptions } from 'mqtt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFleetClient, type FleetClient } from '../../fleet-agent/fleet-client';
import type { FleetActions } from '../../fleet-agent/commands/command-dispatcher';
import { memoryLog, sleep } from './support/fleet-fixtures';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const actions: FleetActions = {
  whenSafe: () => Promise.resolve(),
  isAttractScreen: () => true,
  reloadConfig: () => Promise.resolve(),
  refreshCatalogue: () => Promise.resolve(),
  relaunch: vi.fn(),
  captureScreenshot: () => Promise.resolve(new Uint8Array()),
  gatherDiagnostics: () => Promise.resolve(new Uint8Array()),
};

describe('the fleet client with several brokers', () => {
  const running: FleetClient[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((client) => client.stop()));
  });

  const start = (brokerUrls: string[], random: () => number) => {
    const attempts: string[] = [];
    const log = memoryLog();
    const client = createFleetClient({
      brokerUrls,
      kioskId: 'kiosk-cluster',
      topicPrefix: 'kiosk-shop',
      keepaliveSeconds: 5,
      healthSeconds: 60,
      status: () => ({ state: 'online', version: '0.1.0', startedAt: '', publicKey: null }),
      health: () => Promise.reject(new Error('never connected')),
      onConfigMessage: () => undefined,
      actions,
      log,
      random,
      backoff: { baseMs: 20, capMs: 40 },
      connect: (url: string, options: IClientOptions) => {
        attempts.push(url);
        return mqtt.connect(url, options);
      },
    });
    running.push(client);
    client.start();
    return { client, attempts, log };
  };

  const attemptsAfter = async (attempts: string[], count: number) => {
    for (let waited = 0; attempts.length < count && waited < 5000; waited += 20) await sleep(20);
    return attempts.slice(0, count);
  };

  it('connects first to the broker the random source draws', async () => {
    const nodes = await Promise.all([closedPort(), closedPort(), closedPort()]);
    const urls = nodes.map((port) => `mqtt://127.0.0.1:${port}`);
    expect((await attemptsAfter(start(urls, () => 0).attempts, 1))[0]).toBe(urls[0]);
    expect((await attemptsAfter(start(urls, () => 0.5).attempts, 1))[0]).toBe(urls[1]);
    expect((await attemptsAfter(start(urls, () => 0.99).attempts, 1))[0]).toBe(urls[2]);
  });

  it('moves to another broker at each refusal, never knocking on the same one twice in a row', async () => {
    const nodes = await Promise.all([closedPort(), closedPort(), closedPort()]);
    const urls = nodes.map((port) => `mqtt://127.0.0.1:${port}`);
    const draws = [0.1, 0.7, 0.2, 0.9, 0.4, 0.6, 0.3, 0.8];
    let n = 0;
    const { client, attempts } = start(urls, () => draws[n++ % draws.length]!);
    const seen = await attemptsAfter(attempts, 6);
    expect(seen).toHaveLength(6);
    for (let index = 1; index < seen.length; index += 1) {
      expect(seen[index]).not.toBe(seen[index - 1]);
    }
    expect(new Set(seen).size).toBe(3);
    expect(client.state).toBe('offline');
  });

  it('with a single broker keeps retrying that one', async () => {
    const url = `mqtt://127.0.0.1:${await closedPort()}`;
    const { attempts } = start([url], () => 0.5);
    expect(await attemptsAfter(attempts, 3)).toEqual([url, url, url]);
  });

  it('leaves a node where nothing listens at once, and skips it after losing a live one', async () => {
    const brokers: { close: () => Promise<void> }[] = [];
    const startBroker = async () => {
      const broker = await Aedes.createBroker();
      const server = createServer(broker.handle);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      brokers.push({
        close: async () => {
          await new Promise<void>((resolve) => broker.close(() => resolve()));
          await new Promise<void>((resolve) => server.close(() => resolve()));
        },
      });
      return `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    try {
      const dead = `mqtt://127.0.0.1:${await closedPort()}`;
      const [first, second] = [await startBroker(), await startBroker()];
      const connections: mqtt.MqttClient[] = [];
      const attempts: string[] = [];
      const log = memoryLog();
      // Draws of 0 pick the first node of each pool (the crashed one, while it is in it),
      // then 0.5: a backoff wait, had the refusal counted, of 2 s before the second attempt.
      const draws = [0, 0];
      const client = createFleetClient({
        brokerUrls: [dead, first, second],
        kioskId: 'kiosk-cluster',
        topicPrefix: 'kiosk-shop',
        keepaliveSeconds: 5,
        healthSeconds: 60,
        status: () => ({
          state: 'online',
          version: '0.1.0',
          startedAt: new Date(0).toISOString(),
          publicKey: null,
        }),
        health: () => Promise.reject(new Error('not needed')),
        onConfigMessage: () => undefined,
        actions,
        log,
        random: () => draws.shift() ?? 0.5,
        backoff: { baseMs: 4000, capMs: 8000, afterLossMs: 1000 },
        connect: (url: string, options: IClientOptions) => {
          attempts.push(url);
          const made = mqtt.connect(url, options);
          connections.push(made);
          return made;
        },
      });
      running.push(client);
      const startedAt = Date.now();
      client.start();
      await vi.waitFor(() => expect(client.state).toBe('online'), { timeout: 3000 });
      expect(attempts).toEqual([dead, first]);
      expect(Date.now() - startedAt).toBeLessThan(1500);
      // Its node is lost: the crashed node is skipped, the other live one taken.
      connections.at(-1)?.stream.destroy();
      await vi.waitFor(() => expect(attempts).toHaveLength(3), { timeout: 3000 });
      expect(attempts[2]).toBe(second);
    } finally {
      await Promise.all(running.splice(0).map((one) => one.stop()));
      await Promise.all(brokers.map((broker) => broker.close()));
    }
  });

  it('drops a session whose subscription the broker refused, and comes online on another node', async () => {
    const brokers: { server: Server; close: () => Promise<void> }[] = [];
    const startBroker = async (refuse: boolean) => {
      const broker = await Aedes.createBroker();
      if (refuse) {
        // As a cluster node whose JetStream is still recovering answers: SUBACK 128.
        broker.authorizeSubscribe = (_client, subscription, done) => {
          done(null, subscription.topic.endsWith('/config') ? null : subscription);
        };
      }
      const server = createServer(broker.handle);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const close = async () => {
        await new Promise<void>((resolve) => broker.close(() => resolve()));
        await new Promise<void>((resolve) => server.close(() => resolve()));
      };
      brokers.push({ server, close });
      return `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    try {
      const refusing = await startBroker(true);
      const good = await startBroker(false);
      // The first draw picks the refusing node.
      const { client, attempts, log } = start([refusing, good], () => 0);
      for (let waited = 0; client.state !== 'online' || client.brokerUrl !== good; waited += 20) {
        if (waited > 3000) throw new Error(`not online on the good node: ${log.lines.join('\n')}`);
        await sleep(20);
      }
      expect(attempts.slice(0, 2)).toEqual([refusing, good]);
      expect(log.matching('the broker refused a subscription')).toHaveLength(1);
    } finally {
      await Promise.all(running.splice(0).map((client) => client.stop()));
      await Promise.all(brokers.map((broker) => broker.close()));
    }
  });
});
