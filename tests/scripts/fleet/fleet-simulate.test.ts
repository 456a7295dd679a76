/**
 * `npm run fleet:simulate`, run for real against a real Mosquitto with the per-kiosk ACL:
 * five simulated kiosks log in as themselves, say online with a receipt key, send health
 * that passes the kiosk schema, all acknowledge a fleet-wide ping, and leave offline when
 * the time is up. A broker off this machine is refused before anything connects. Enrolled,
 * the first kiosk prints a signed receipt code (and writes its QR as a PNG) that the shop
 * service, as the counter asks it, checks as a real kiosk's receipt.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ackSchema, healthSchema, statusSchema } from '../../../shared/fleet/payloads';
import { commandTopic, parseKioskTopic } from '../../../shared/fleet/topics';
import { certificateTopic } from '../../../shared/fleet/trust/trust-topics';
import { receiptQrPng } from '../../../tools/simulator/qr-png';
import { saveCertificate } from '../../../services/shop/certificates/certificate-store';
import { certificateFields, signCertificateWith } from '../../support/fixtures/kiosk-certificate';
import {
  addLogin,
  jsonPost,
  loginCookie,
  makeWorld,
  openShop,
} from '../../services/shop/support/shop-world';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../support/mosquitto';

const ROOT = process.cwd();
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const IDS = ['sim-0001', 'sim-0002', 'sim-0003', 'sim-0004', 'sim-0005'];
const SELLER = 'rcp-0001';

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[fleet:simulate test] skipped: ${skipReason}`);

async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('npm run fleet:simulate', () => {
  it('refuses a broker that is not on this machine, connecting to nothing', () => {
    for (const broker of [
      'mqtt://example.com:1883',
      'mqtt://10.0.0.5',
      'http://127.0.0.1',
      '',
      // A cluster's list is held to the same rule, every node of it.
      'mqtt://127.0.0.1:1883,mqtt://example.com:1883',
    ]) {
      const run = spawnSync(
        TSX,
        ['scripts/fleet/fleet-simulate.ts', '--broker', broker, '--kiosks', '1', '--seconds', '1'],
        { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status, broker).toBe(1);
      expect(run.stderr).toContain('on this machine');
    }
  }, 120_000);

  describe.skipIf(skipReason !== null)('against Mosquitto', () => {
    let broker: Mosquitto | undefined;
    let operator: MqttClient | undefined;
    const status = new Map<string, string>();
    const publicKeys = new Map<string, string>();
    const health = new Map<string, number>();
    const acks = new Map<string, string[]>();

    beforeAll(async () => {
      broker = await startMosquitto({
        kiosks: Object.fromEntries([...IDS, SELLER].map((id) => [id, `pw-${id}`])),
      });
      const { prefix } = broker;
      const watcher = await mqtt.connectAsync(broker.watchUrl, {
        username: broker.operator.username,
        password: broker.operator.password,
        reconnectPeriod: 0,
      });
      operator = watcher;
      watcher.on('message', (topic, payload) => {
        const parsed = parseKioskTopic(prefix, topic);
        if (!parsed) return;
        const json: unknown = JSON.parse(payload.toString());
        if (parsed.kind === 'status') {
          const said = statusSchema.parse(json);
          status.set(parsed.kioskId, said.state);
          if ('publicKey' in said && said.publicKey) publicKeys.set(parsed.kioskId, said.publicKey);
        }
        if (parsed.kind === 'health') {
          healthSchema.parse(json);
          health.set(parsed.kioskId, (health.get(parsed.kioskId) ?? 0) + 1);
        }
        if (parsed.kind === 'acks') {
          const ack = ackSchema.parse(json);
          if (ack.ok) acks.set(ack.id, [...(acks.get(ack.id) ?? []), parsed.kioskId]);
        }
      });
      await watcher.subscribeAsync(
        ['status', 'health', 'acks'].map((kind) => `${prefix}/kiosks/+/${kind}`),
        { qos: 1 },
      );
    }, 60_000);

    afterAll(async () => {
      await operator?.endAsync();
      await broker?.dispose();
    });

    it('runs five kiosks that come online, report health, all ack a ping, and leave offline', async () => {
      if (!broker || !operator) throw new Error('no broker');
      const { tcpUrl, prefix } = broker;
      const watcher = operator;
      const child = spawn(
        TSX,
        [
          'scripts/fleet/fleet-simulate.ts',
          ...['--broker', tcpUrl, '--kiosks', '5', '--seconds', '12'],
          ...['--per-kiosk', '--password', 'pw-{id}', '--health-seconds', '1'],
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      try {
        await waitFor(
          () => IDS.every((id) => status.get(id) === 'online'),
          30_000,
          `five online statuses (${output})`,
        );
        await waitFor(() => IDS.every((id) => (health.get(id) ?? 0) >= 2), 15_000, 'health');
        await watcher.publishAsync(
          commandTopic(prefix, 'all'),
          JSON.stringify({ id: 'ping-all', command: 'ping' }),
          { qos: 1 },
        );
        await waitFor(() => (acks.get('ping-all')?.length ?? 0) === 5, 10_000, 'five acks');
        expect([...(acks.get('ping-all') ?? [])].sort()).toEqual(IDS);

        expect(await exited).toBe(0);
        await waitFor(
          () => IDS.every((id) => status.get(id) === 'offline'),
          10_000,
          'five offline statuses',
        );
        expect(output).toContain('all now offline');
      } finally {
        child.kill();
      }
    }, 90_000);

    it('prints the enrolled kiosk’s signed receipt, which the shop service checks as a kiosk’s', async () => {
      if (!broker || !operator) throw new Error('no broker');
      const { tcpUrl, prefix } = broker;
      const world = makeWorld(0);
      const shop = await openShop(world);
      const folder = mkdtempSync(join(tmpdir(), 'sim-receipt-'));
      const png = join(folder, 'receipt.png');
      const child = spawn(
        TSX,
        [
          'scripts/fleet/fleet-simulate.ts',
          ...['--broker', tcpUrl, '--kiosks', '1', '--seconds', '30', '--id-prefix', 'rcp'],
          ...['--per-kiosk', '--password', 'pw-{id}', '--prefix', prefix],
          `--enrolment-public-key=${world.enrolment.publicText}`,
          ...['--receipt-png', png],
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await waitFor(() => publicKeys.has(SELLER), 30_000, `${SELLER} online (${output})`);
        expect(output).toMatch(/waits to be enrolled; pairing code \d{4} \d{4} \d{4} \d{4}/);
        // The operator approves it, as the console does: a certificate on the broker for the
        // kiosk, and the same one at the shop service.
        const envelope = signCertificateWith(
          certificateFields({
            kioskId: SELLER,
            publicKey: publicKeys.get(SELLER) ?? '',
            fleet: prefix,
            store: 'lyon-1',
          }),
          world.enrolment.privateKey,
        );
        await operator.publishAsync(
          certificateTopic(prefix, SELLER, envelope.certificate.serial),
          JSON.stringify(envelope),
          { qos: 1, retain: true },
        );
        await saveCertificate(shop.services.db, envelope, Date.now());
        await waitFor(() => output.includes('Its QR code:'), 20_000, `the receipt (${output})`);

        expect(output).toContain(`Signed receipt from ${SELLER} (store lyon-1):`);
        const code = /^KSR1\.\S+$/m.exec(output)?.[0] ?? '';
        expect(readFileSync(png)).toEqual(receiptQrPng(code));
        await addLogin(shop.services, 'counter-1', 'counter', 'Counter 1');
        const cookie = await loginCookie(shop.app, 'counter-1');
        const check = await shop.app.request('/receipts/check', jsonPost({ code }, cookie));
        expect(check.status).toBe(200);
        const answer = (await check.json()) as {
          receipt: { k: string; i: unknown[]; c: number };
          certificate: { store: string };
          handover: unknown;
        };
        expect(answer.receipt.k).toBe(SELLER);
        expect(answer.receipt.i).toHaveLength(2);
        expect(answer.receipt.c).toBeGreaterThan(0);
        expect(answer.certificate.store).toBe('lyon-1');
        expect(answer.handover).toBeNull();
      } finally {
        child.kill();
        await shop.close();
        rmSync(folder, { recursive: true, force: true });
      }
    }, 120_000);
  });
});
