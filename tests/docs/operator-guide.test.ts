/**
 * docs/fleet/operator-guide.md, step by step, against `npm run fleet:simulate` on a real
 * Mosquitto: a quiet simulated kiosk started in store lyon-1 (as a machine-wide file would
 * place it) says so in its status; enrolled with a certificate for that store, the exporter
 * labels it `store="lyon-1"`; a config signed by `fleet:sign` for `store:lyon-1` on the
 * store's topic applies; opening hours closed all day put it to sleep (status and health
 * `asleep`), and open all day wake it; and, asleep or on its attract screen, it answers
 * a diagnostics request with a bundle.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExporter, type RunningExporter } from '../../services/exporter/fleet-exporter';
import { healthSchema, statusSchema, type KioskHealth } from '../../shared/fleet/payloads';
import {
  commandTopic,
  diagnosticsTopic,
  groupConfigTopic,
  parseKioskTopic,
} from '../../shared/fleet/topics';
import { certificateTopic } from '../../shared/fleet/trust/trust-topics';
import { runScript } from '../scripts/support/run-script';
import { certificateFields, signCertificateWith } from '../support/fixtures/kiosk-certificate';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../support/mosquitto';

const ROOT = process.cwd();
const KIOSK = 'guide-0001';
const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[operator's guide test] skipped: ${skipReason}`);

async function waitFor<T>(read: () => T | undefined, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(skipReason !== null)('the operator’s guide, on simulated kiosks', () => {
  const keys = mkdtempSync(join(tmpdir(), 'guide-keys-'));
  const env = { KIOSK_SHOP_KEYS: keys };
  let broker: Mosquitto;
  let operator: MqttClient;
  let simulator: ChildProcess | undefined;
  let exporter: RunningExporter | undefined;
  let output = '';
  let status: { state?: string; publicKey?: string | null; store?: string; region?: string } = {};
  let health: KioskHealth | undefined;
  const chunks: unknown[] = [];
  const acks: unknown[] = [];
  let configKey = '';
  let enrolmentKey = '';

  /** `npm run -s fleet:sign -- FILE` on a config written as the guide writes it. */
  async function signAndPublish(config: object, topic: string): Promise<void> {
    const file = join(keys, 'config.json');
    writeFileSync(file, JSON.stringify(config));
    const signed = await runScript('fleet/fleet-sign.ts', [file, '--prefix', broker.prefix], env);
    expect(signed.status, signed.stderr).toBe(0);
    await operator.publishAsync(topic, signed.stdout.trim(), { qos: 1, retain: true });
  }

  beforeAll(async () => {
    const config = await runScript('fleet/fleet-keygen.ts', [], env);
    const enrolment = await runScript('fleet/fleet-keygen.ts', ['--enrolment'], env);
    expect([config.status, enrolment.status], config.stderr + enrolment.stderr).toEqual([0, 0]);
    configKey = config.stdout.trim().split('\n')[0] ?? '';
    enrolmentKey = enrolment.stdout.trim().split('\n')[0] ?? '';
    broker = await startMosquitto({ kiosks: { [KIOSK]: `pw-${KIOSK}` } });
    operator = await mqtt.connectAsync(broker.watchUrl, { ...broker.operator, reconnectPeriod: 0 });
    operator.on('message', (topic, payload) => {
      if (topic === diagnosticsTopic(broker.prefix, KIOSK)) {
        chunks.push(JSON.parse(payload.toString()));
        return;
      }
      const parsed = parseKioskTopic(broker.prefix, topic);
      if (parsed?.kioskId !== KIOSK) return;
      const json: unknown = JSON.parse(payload.toString());
      if (parsed.kind === 'status') status = statusSchema.parse(json);
      if (parsed.kind === 'health') health = healthSchema.parse(json);
      if (parsed.kind === 'acks') acks.push(json);
    });
    await operator.subscribeAsync(
      [
        ...['status', 'health', 'acks'].map((kind) => `${broker.prefix}/kiosks/${KIOSK}/${kind}`),
        diagnosticsTopic(broker.prefix, KIOSK),
      ],
      { qos: 1 },
    );
    exporter = await startExporter({
      brokerUrl: broker.tcpUrl,
      port: 0,
      prefix: broker.prefix,
      ...broker.exporter,
      enrolmentKey,
      catalogueMaxAgeMinutes: 60,
    });
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [
        'scripts/fleet/fleet-simulate.ts',
        ...['--broker', broker.tcpUrl, '--kiosks', '1', '--seconds', '120', '--quiet'],
        ...['--id-prefix', 'guide', '--per-kiosk', '--password', 'pw-{id}'],
        ...['--prefix', broker.prefix, '--store', 'lyon-1', '--region', 'eu-west'],
        ...['--health-seconds', '2', `--config-public-key=${configKey}`],
        `--enrolment-public-key=${enrolmentKey}`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    simulator = child;
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  }, 90_000);

  afterAll(async () => {
    simulator?.kill();
    await exporter?.close();
    await operator.endAsync(true);
    await broker.dispose();
    rmSync(keys, { recursive: true, force: true });
  });

  it('places the kiosk in its store, by its flags and then by its certificate', async () => {
    await waitFor(
      () => (status.state === 'online' ? true : undefined),
      30_000,
      `online (${output})`,
    );
    expect(status).toMatchObject({ store: 'lyon-1', region: 'eu-west' });
    const pem = readFileSync(join(keys, 'fleet-enrolment.key'), 'utf8');
    const envelope = signCertificateWith(
      certificateFields({
        kioskId: KIOSK,
        publicKey: String(status.publicKey),
        fleet: broker.prefix,
        store: 'lyon-1',
        region: 'eu-west',
      }),
      createPrivateKey(pem),
    );
    await operator.publishAsync(
      certificateTopic(broker.prefix, KIOSK, envelope.certificate.serial),
      JSON.stringify(envelope),
      { qos: 1, retain: true },
    );
    const labelled = async (): Promise<string> => {
      const text = await (await fetch(`http://127.0.0.1:${exporter?.port}/metrics`)).text();
      return text;
    };
    const until = Date.now() + 15_000;
    let text = '';
    while (Date.now() < until) {
      text = await labelled();
      if (/kiosk_shop_kiosk_state\{[^}]*store="lyon-1"[^}]*state="online"[^}]*\} 1/.test(text)) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(text).toMatch(
      /kiosk_shop_kiosk_state\{[^}]*kiosk="guide-0001"[^}]*store="lyon-1"[^}]*region="eu-west"/,
    );
  }, 60_000);

  it('applies a config signed for the store, on the store’s topic', async () => {
    await signAndPublish(
      { version: 1, target: 'store:lyon-1', idleTimeoutSeconds: 45 },
      groupConfigTopic(broker.prefix, 'store', 'lyon-1'),
    );
    await waitFor(
      () => (health?.config.version === 1 ? true : undefined),
      15_000,
      `config version 1 in health (${JSON.stringify(health?.config)})`,
    );
  }, 30_000);

  const CLOSED_LINE = 'Store hours: the store is closed; the kiosk sleeps until it opens';
  const OPEN_LINE = 'Store hours: the store is open; the kiosk is awake';

  it('sleeps while its store is closed and wakes when it opens', async () => {
    const topic = groupConfigTopic(broker.prefix, 'store', 'lyon-1');
    await signAndPublish(
      { version: 2, target: 'store:lyon-1', openingHours: { timeZone: 'Europe/Paris', days: {} } },
      topic,
    );
    await waitFor(() => (status.state === 'asleep' ? true : undefined), 15_000, 'asleep');
    await waitFor(() => (health?.asleep === true ? true : undefined), 10_000, 'asleep in health');
    // The line comes through the simulator's stdout, the status through the broker: either may
    // arrive first.
    await waitFor(
      () => (output.includes(CLOSED_LINE) ? true : undefined),
      5_000,
      `"${CLOSED_LINE}" in the simulator's output`,
    );

    // Asleep, it answers diagnostics: a bundle in chunks, and an ack.
    await operator.publishAsync(
      commandTopic(broker.prefix, KIOSK),
      JSON.stringify({ id: 'diag-1', command: 'diagnostics' }),
      { qos: 1 },
    );
    await waitFor(
      () => (acks.some((ack) => (ack as { id?: string }).id === 'diag-1') ? true : undefined),
      20_000,
      'the diagnostics ack',
    );
    expect(acks.find((ack) => (ack as { id?: string }).id === 'diag-1')).toMatchObject({
      ok: true,
    });
    expect(chunks.length).toBeGreaterThan(0);

    const allDay = [['00:00', '24:00']];
    const days = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, allDay]),
    );
    await signAndPublish(
      { version: 3, target: 'store:lyon-1', openingHours: { timeZone: 'Europe/Paris', days } },
      topic,
    );
    await waitFor(() => (status.state === 'online' ? true : undefined), 15_000, 'awake');
    await waitFor(
      () => (output.includes(OPEN_LINE) ? true : undefined),
      5_000,
      `"${OPEN_LINE}" in the simulator's output`,
    );
  }, 60_000);
});
