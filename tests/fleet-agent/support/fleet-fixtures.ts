/**
 * A kiosk's fleet client against the test Mosquitto, with a scripted app behind it, and an
 * operator that watches every topic: what the fleet tests share.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { vi } from 'vitest';
import type { KioskHealth } from '../../../shared/fleet/payloads';
import { createActivity, type Activity } from '../../../fleet-agent/kiosk/activity';
import {
  createFleetClient,
  type FleetClient,
  type FleetClientOptions,
} from '../../../fleet-agent/fleet-client';
import type { FleetActions } from '../../../fleet-agent/commands/command-dispatcher';
import type { Logger } from '../../../electron/main/logging/logging';
import { SAMPLE_HEALTH } from '../../support/fixtures/kiosk-health';
import type { FleetBroker } from '../../support/fleet-brokers';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 1×1 PNG: what a fake screen capture returns. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface MemoryLog extends Logger {
  lines: string[];
  /** Lines containing `text`. */
  matching(text: string): string[];
}

export function memoryLog(): MemoryLog {
  const lines: string[] = [];
  const add = (level: string) => (message: string) => {
    lines.push(`${level}: ${message}`);
  };
  return {
    lines,
    info: add('info'),
    warn: add('warn'),
    error: add('error'),
    matching: (text) => lines.filter((line) => line.includes(text)),
  };
}

/** The shared sample health, with this kiosk's screen and counts, made now. */
export function sampleHealth(activity: Activity): KioskHealth {
  const { screen, idleWipes, receipts } = activity.snapshot();
  return {
    ...SAMPLE_HEALTH,
    at: new Date().toISOString(),
    uptimeSeconds: 1,
    screen,
    idleWipes,
    receipts,
    imageCache: { bytes: 0, files: 0 },
    catalogue: { source: 'embedded', products: 24, ageMinutes: 0 },
  };
}

export interface TestKiosk {
  client: FleetClient;
  activity: Activity;
  actions: {
    [K in keyof FleetActions]-?: ReturnType<typeof vi.fn<NonNullable<FleetActions[K]>>>;
  };
  log: MemoryLog;
  /** Every MQTT client the fleet client made, in order (one per connection attempt). */
  connections: MqttClient[];
  configMessages: { scope: string; text: string }[];
}

export interface KioskSetup extends Partial<Omit<FleetClientOptions, 'actions'>> {
  kioskId: string;
  password?: string;
}

export function startKiosk(broker: FleetBroker, setup: KioskSetup): TestKiosk {
  const log = memoryLog();
  const activity = createActivity({ idleWipeEnabled: () => true });
  // The shop's page has loaded and said it shows the attract screen.
  activity.setScreen('attract');
  const connections: MqttClient[] = [];
  const configMessages: TestKiosk['configMessages'] = [];
  const actions = {
    whenSafe: vi.fn<FleetActions['whenSafe']>((signal) => activity.whenSafe(signal)),
    isAttractScreen: vi.fn<FleetActions['isAttractScreen']>(
      () => activity.snapshot().screen === 'attract',
    ),
    reloadConfig: vi.fn<FleetActions['reloadConfig']>(() => Promise.resolve()),
    refreshCatalogue: vi.fn<FleetActions['refreshCatalogue']>(() => Promise.resolve()),
    relaunch: vi.fn<FleetActions['relaunch']>(),
    captureScreenshot: vi.fn<FleetActions['captureScreenshot']>(() => Promise.resolve(TINY_PNG)),
    isAsleep: vi.fn<NonNullable<FleetActions['isAsleep']>>(() => false),
    gatherDiagnostics: vi.fn<FleetActions['gatherDiagnostics']>(() =>
      Promise.resolve(gzipSync(JSON.stringify({ format: 'a test bundle' }))),
    ),
  };
  const connect =
    setup.connect ?? ((url: string, options: IClientOptions) => mqtt.connect(url, options));
  const client = createFleetClient({
    brokerUrls: [broker.tcpUrl],
    topicPrefix: broker.prefix,
    username: setup.kioskId,
    keepaliveSeconds: 2,
    healthSeconds: 60,
    status: () => ({
      state: 'online',
      version: '0.1.0',
      startedAt: new Date(0).toISOString(),
      publicKey: null,
    }),
    health: () => Promise.resolve(sampleHealth(activity)),
    onConfigMessage: (scope, bytes) => {
      configMessages.push({ scope, text: Buffer.from(bytes).toString() });
    },
    log,
    backoff: { baseMs: 100, capMs: 1000 },
    ...setup,
    connect: (url, options) => {
      const made = connect(url, options);
      connections.push(made);
      return made;
    },
    actions,
  });
  client.start();
  return { client, activity, actions, log, connections, configMessages };
}

export interface Message {
  topic: string;
  payload: Buffer;
  retain: boolean;
  at: number;
}

export interface Observer {
  client: MqttClient;
  messages: Message[];
  /** Waits for a message on `topic` (after index `from`) that `accept` takes. */
  next(
    topic: string,
    accept?: (payload: Buffer) => boolean,
    options?: { timeoutMs?: number; from?: number },
  ): Promise<Message>;
  /** Parsed JSON of every message on `topic` so far. */
  json(topic: string): unknown[];
  publish(topic: string, payload: string | Buffer, options?: { retain?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/**
 * The operator, subscribed to everything under the prefix; on the tests' own listener by
 * default, where client ids are free, so it never takes over the session of an operator's
 * client under test (the sample binds every client id to its login).
 */
export async function observe(broker: FleetBroker, url = broker.watchUrl): Promise<Observer> {
  const client = await mqtt.connectAsync(url, {
    ...broker.operator,
    reconnectPeriod: 0,
    ...(url.startsWith('mqtts') && broker.caFile ? { ca: readFileSync(broker.caFile) } : {}),
  });
  const messages: Message[] = [];
  client.on('message', (topic, payload, packet) => {
    messages.push({ topic, payload, retain: packet.retain, at: Date.now() });
  });
  await client.subscribeAsync(`${broker.prefix}/#`, { qos: 1 });
  return {
    client,
    messages,
    next: async (topic, accept = () => true, { timeoutMs = 10_000, from = 0 } = {}) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages
          .slice(from)
          .find((message) => message.topic === topic && accept(message.payload));
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no matching message on ${topic} within ${timeoutMs} ms; seen: ${messages
              .map((message) => `${message.topic} ${message.payload.toString().slice(0, 80)}`)
              .join('\n')}`,
          );
        }
        await sleep(20);
      }
    },
    json: (topic) =>
      messages
        .filter((message) => message.topic === topic)
        .map((message) => JSON.parse(message.payload.toString()) as unknown),
    publish: async (topic, payload, { retain = false } = {}) => {
      await client.publishAsync(topic, payload, { qos: 1, retain });
    },
    close: () => client.endAsync(),
  };
}

/** JSON text that parses to an object whose fields include `fields`. */
export function hasFields(fields: Record<string, unknown>): (payload: Buffer) => boolean {
  return (payload) => {
    try {
      const value = JSON.parse(payload.toString()) as Record<string, unknown>;
      return Object.entries(fields).every(([key, expected]) => value[key] === expected);
    } catch {
      return false;
    }
  };
}
