/**
 * A simulated kiosk against a real Mosquitto with the ACL of docs/fleet/broker.md: it is the kiosk's own
 * fleet code, so it asks to be enrolled and signs receipts once the operator's certificate
 * for its key arrives, its status carries that key, its health says what
 * its pretend shop does, a signed remote config is taken or refused as a kiosk would, and
 * kill() is a crash the broker answers with the Last Will, after which nothing reconnects.
 */
import { generateKeyPairSync, webcrypto } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawPublicKey } from '../../../fleet-agent/identity/ed25519';
import {
  createSimulatedKiosk,
  type SimulatedKiosk,
} from '../../../tools/simulator/simulated-kiosk';
import { signConfig } from '../../../tools/signing/fleet-signing';
import { healthSchema, statusSchema, type KioskHealth } from '../../../shared/fleet/payloads';
import { verifyReceiptCode } from '../../../shared/fleet/receipt-code';
import { fleetConfigTopic, parseKioskTopic } from '../../../shared/fleet/topics';
import { certificateTopic } from '../../../shared/fleet/trust/trust-topics';
import {
  certificateFields,
  makeEnrolmentKey,
  signCertificateWith,
} from '../../support/fixtures/kiosk-certificate';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../support/mosquitto';

const skipReason = mosquittoUnavailable();
const IDS = ['sim-a', 'sim-b', 'sim-c'];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitFor<T>(read: () => T | undefined, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(skipReason !== null)('a simulated kiosk on Mosquitto', () => {
  let broker: Mosquitto;
  let operator: MqttClient;
  const kiosks: SimulatedKiosk[] = [];
  const status = new Map<string, { state: string; publicKey?: string | null; at: number }>();
  const health = new Map<string, KioskHealth>();

  const start = (
    kioskId: string,
    extra: { configPublicKey?: string; enrolmentPublicKey?: string } = {},
  ): SimulatedKiosk => {
    const kiosk = createSimulatedKiosk({
      brokerUrls: [broker.tcpUrl],
      kioskId,
      topicPrefix: broker.prefix,
      username: kioskId,
      password: `pw-${kioskId}`,
      healthSeconds: 3600,
      keepaliveSeconds: 30,
      shoppers: false,
      log: quiet,
      ...extra,
    });
    kiosks.push(kiosk);
    kiosk.start();
    return kiosk;
  };

  beforeAll(async () => {
    broker = await startMosquitto({
      kiosks: Object.fromEntries(IDS.map((id) => [id, `pw-${id}`])),
    });
    operator = await mqtt.connectAsync(broker.watchUrl, { ...broker.operator, reconnectPeriod: 0 });
    operator.on('message', (topic, payload) => {
      const parsed = parseKioskTopic(broker.prefix, topic);
      if (!parsed || payload.length === 0) return;
      const json: unknown = JSON.parse(payload.toString('utf8'));
      if (parsed.kind === 'status') {
        status.set(parsed.kioskId, { ...statusSchema.parse(json), at: Date.now() });
      }
      if (parsed.kind === 'health') health.set(parsed.kioskId, healthSchema.parse(json));
    });
    await operator.subscribeAsync(
      [`${broker.prefix}/kiosks/+/status`, `${broker.prefix}/kiosks/+/health`],
      { qos: 1 },
    );
  }, 60_000);

  afterAll(async () => {
    for (const kiosk of kiosks) kiosk.kill();
    await operator.endAsync(true);
    await broker.dispose();
  });

  it('asks to be enrolled, signs nothing until its certificate arrives, then receipts that verify with its key', async () => {
    const operatorKey = makeEnrolmentKey();
    const kiosk = start('sim-a', { enrolmentPublicKey: operatorKey.publicText });
    const online = await waitFor(
      () => (status.get('sim-a')?.state === 'online' ? status.get('sim-a') : undefined),
      15_000,
      'sim-a online',
    );
    expect(online.publicKey).toBe(kiosk.publicKey);
    const receipt = { r: 'Receipt-1700000000000-1', t: 1, i: [[3, 2]], c: 999 };
    expect(kiosk.enrolment.pairingCode()).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(kiosk.signReceipt(receipt)).toBeNull();

    const certificate = signCertificateWith(
      certificateFields({ kioskId: 'sim-a', publicKey: kiosk.publicKey, fleet: broker.prefix }),
      operatorKey.privateKey,
    );
    await operator.publishAsync(
      certificateTopic(broker.prefix, 'sim-a', certificate.certificate.serial),
      JSON.stringify(certificate),
      { qos: 1, retain: true },
    );
    await waitFor(() => (kiosk.enrolment.enrolled() ? true : undefined), 10_000, 'sim-a enrolled');
    const code = kiosk.signReceipt(receipt);
    expect(code).toMatch(/^KSR1\./);
    const check = await verifyReceiptCode(code ?? '', kiosk.publicKey, webcrypto.subtle);
    expect(check).toEqual({ ok: true, payload: { ...receipt, k: 'sim-a' } });
    expect(kiosk.signReceipt({ ...receipt, r: 'not a receipt' })).toBeNull();
  }, 30_000);

  it('reports its pretend shop in health, as the kiosk’s own health report', async () => {
    const kiosk = kiosks[0] ?? start('sim-a');
    kiosk.app.setScreen('shopping');
    kiosk.app.setPrinterAvailable(false);
    kiosk.app.setLastError('Printer: out of paper');
    await kiosk.client.publishHealth();
    const report = await waitFor(
      () => (health.get('sim-a')?.lastError ? health.get('sim-a') : undefined),
      10_000,
      'health with the error',
    );
    expect(report).toMatchObject({
      screen: 'shopping',
      printer: { available: false },
      lastError: 'Printer: out of paper',
      catalogue: { source: 'embedded', products: 20 },
    });
  }, 30_000);

  it('takes a config signed with its key and refuses one it cannot check', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const keyed = start('sim-b', { configPublicKey: rawPublicKey(privateKey) });
    start('sim-c');
    await waitFor(
      () => (health.has('sim-b') && health.has('sim-c') ? true : undefined),
      15_000,
      'health',
    );
    const envelope = signConfig({ version: 3, target: 'all', idleTimeoutSeconds: 90 }, privateKey, {
      prefix: broker.prefix,
    });
    await operator.publishAsync(fleetConfigTopic(broker.prefix), JSON.stringify(envelope), {
      qos: 1,
      retain: true,
    });
    const taken = await waitFor(
      () => (health.get('sim-b')?.config.version === 3 ? health.get('sim-b') : undefined),
      10_000,
      'sim-b reporting version 3',
    );
    expect(taken.config.refusals).toEqual([]);
    const refused = await waitFor(
      () => (health.get('sim-c')?.config.refusals.length ? health.get('sim-c') : undefined),
      10_000,
      'sim-c reporting a refusal',
    );
    expect(refused.config).toMatchObject({
      version: null,
      refusals: [{ reason: 'no public key', topic: fleetConfigTopic(broker.prefix) }],
    });
    expect(keyed.client.state).toBe('online');
  }, 30_000);

  it('dies without a word when killed: the broker sends its Last Will, and it stays gone', async () => {
    const kiosk = kiosks.find((each) => each.kioskId === 'sim-c') ?? start('sim-c');
    const killedAt = Date.now();
    kiosk.kill();
    const gone = await waitFor(
      () => (status.get('sim-c')?.state === 'offline' ? status.get('sim-c') : undefined),
      10_000,
      'the Last Will',
    );
    // A socket closed is noticed at once, not after the keepalive.
    expect(gone.at - killedAt).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(kiosk.client.state).toBe('stopped');
    expect(status.get('sim-c')?.state).toBe('offline');
  }, 30_000);
});
