/**
 * A kiosk as the console sees it, made of a raw MQTT.js client that publishes exactly the
 * payloads of FLEET-CONTRACT.md: retained status with a Last Will, retained health, acks
 * to commands, a PNG screenshot, and receipts signed with node:crypto Ed25519.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

export interface ContractKioskOptions {
  brokerUrl: string;
  id: string;
  prefix?: string;
  username?: string;
  password?: string;
  /** Screen the kiosk reports (and screenshot obeys). */
  screen?: 'attract' | 'shopping' | 'receipt';
  version?: string;
  memoryMB?: number;
  /** What `screenshot` publishes (default: a 1×1 PNG). */
  screenshotPng?: Buffer;
}

export interface ContractKiosk {
  id: string;
  /** b64url raw 32-byte Ed25519 public key, as in the status. */
  publicKey: string;
  client: MqttClient;
  publishHealth(overrides?: Record<string, unknown>): Promise<void>;
  /** `KSR1.` code for this payload (k is set to this kiosk). */
  receiptCode(payload: { r: string; t: number; i: [number, number][]; c: number }): string;
  /** Drops the connection without a word, as a crash or a pulled cable: the Last Will fires. */
  kill(): void;
  /** A clean quit: publishes offline itself. */
  stop(): Promise<void>;
}

/** A 1×1 PNG, enough to prove the bytes reach the console. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const rawPublicKey = (key: KeyObject): string =>
  Buffer.from(key.export({ format: 'der', type: 'spki' }).subarray(-32)).toString('base64url');

export async function startContractKiosk({
  brokerUrl,
  id,
  prefix = 'kiosk-shop',
  username,
  password,
  screen = 'attract',
  version = '0.1.0',
  memoryMB = 300,
  screenshotPng = TINY_PNG,
}: ContractKioskOptions): Promise<ContractKiosk> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const key = rawPublicKey(publicKey);
  const topic = (leaf: string) => `${prefix}/kiosks/${id}/${leaf}`;
  const offline = JSON.stringify({ state: 'offline' });
  const client = await mqtt.connectAsync(brokerUrl, {
    clientId: id,
    username: username ?? id,
    ...(password !== undefined ? { password } : {}),
    keepalive: 30,
    reconnectPeriod: 0,
    will: { topic: topic('status'), payload: Buffer.from(offline), qos: 1, retain: true },
  });
  const startedAt = new Date().toISOString();
  await client.publishAsync(
    topic('status'),
    JSON.stringify({ state: 'online', version, startedAt, publicKey: key }),
    { qos: 1, retain: true },
  );
  let memory = memoryMB;
  const publishHealth = async (overrides: Record<string, unknown> = {}) => {
    memory += 5;
    const health = {
      at: new Date().toISOString(),
      version,
      electron: '45.4.1',
      chrome: '140.0.0.0',
      uptimeSeconds: 600,
      screen,
      idleWipes: 3,
      receipts: 2,
      memory: { mainMB: memory / 3, rendererMB: (memory * 2) / 3 },
      imageCache: { bytes: 1_234_567, files: 48 },
      catalogue: { source: 'embedded', products: 24, ageMinutes: 35 },
      printer: { available: true },
      staffPin: { failedToday: 0 },
      gpuFallback: false,
      lastError: null,
      update: null,
      config: { version: null, refusals: [] },
      ...overrides,
    };
    await client.publishAsync(topic('health'), JSON.stringify(health), { qos: 0, retain: true });
  };
  await publishHealth();

  await client.subscribeAsync([topic('commands'), `${prefix}/kiosks/all/commands`], { qos: 1 });
  client.on('message', (_topic, payload) => {
    let command: { id?: unknown; command?: unknown } = {};
    try {
      command = JSON.parse(payload.toString('utf8')) as typeof command;
    } catch {
      // Acknowledged below as malformed.
    }
    const commandId = typeof command.id === 'string' ? command.id : '';
    const name = typeof command.command === 'string' ? command.command : '';
    const ack = (ok: boolean, error?: string) =>
      client.publish(
        topic('acks'),
        JSON.stringify({
          id: commandId,
          command: name,
          ok,
          ...(error ? { error } : {}),
          at: new Date().toISOString(),
        }),
        { qos: 1 },
      );
    if (name === 'ping') ack(true);
    else if (name === 'screenshot') {
      if (screen !== 'attract') ack(false, 'not on the attract screen');
      else
        client.publish(topic('screenshot'), screenshotPng, { qos: 1, retain: true }, () =>
          ack(true),
        );
    } else ack(false, `unknown command "${name}"`);
  });

  return {
    id,
    publicKey: key,
    client,
    publishHealth,
    receiptCode(payload) {
      const json = Buffer.from(
        JSON.stringify({ r: payload.r, k: id, t: payload.t, i: payload.i, c: payload.c }),
      );
      const signature = sign(null, json, privateKey);
      return `KSR1.${json.toString('base64url')}.${signature.toString('base64url')}`;
    },
    kill() {
      client.stream.destroy();
      client.end(true);
    },
    async stop() {
      await client.publishAsync(topic('status'), offline, { qos: 1, retain: true });
      await client.endAsync();
    },
  };
}
