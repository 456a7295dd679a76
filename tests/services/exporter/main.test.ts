/**
 * `npm run fleet:exporter`, run for real: against a real Mosquitto with the fleet's ACL, with
 * the exporter's own login (its password from the environment), with simulated kiosks on the
 * kiosk's own fleet code. It serves each kiosk's state, printer, catalogue age, memory,
 * version and last-seen time with kiosk, store and region labels (the store and region its
 * certificate names, verified under the enrolment key it is given) at 127.0.0.1:N/metrics; a
 * restarted exporter serves the same from the broker's retained messages alone; --seconds
 * ends it and its port is free again. A bad broker URL is refused before anything starts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSimulatedKiosk,
  type SimulatedKiosk,
} from '../../../tools/simulator/simulated-kiosk';
import { certificateTopic } from '../../../shared/fleet/trust/trust-topics';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  signCertificateWith,
} from '../../support/fixtures/kiosk-certificate';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../support/mosquitto';

const ROOT = process.cwd();
const enrolment = makeEnrolmentKey();
/** What /metrics names once every kiosk's health and the chain kiosk's certificate are in. */
const SERVED = [
  'kiosk_shop_catalogue_age_minutes{kiosk="sim-b"',
  'kiosk_shop_kiosk_state{kiosk="chain-1",store="leeds-4"',
];
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const P = 'kiosk-shop';

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[fleet:exporter test] skipped: ${skipReason}`);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('npm run fleet:exporter', () => {
  it('refuses a broker that is not an MQTT URL, starting nothing', () => {
    const run = spawnSync(
      TSX,
      ['services/exporter/main.ts', '--broker', 'http://127.0.0.1', '--port', '1'],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('--broker must be an mqtt://');
  }, 90_000);

  describe.skipIf(skipReason !== null)('against Mosquitto', () => {
    let broker: Mosquitto;
    const kiosks: SimulatedKiosk[] = [];
    const children: ChildProcess[] = [];

    /** Starts the exporter and waits until /metrics names every one of `until`. */
    async function exporter(
      port: number,
      seconds: number,
      ...until: string[]
    ): Promise<ChildProcess> {
      const child = spawn(
        TSX,
        [
          'services/exporter/main.ts',
          '--broker',
          broker.tcpUrl,
          '--port',
          String(port),
          '--username',
          broker.exporter.username,
          `--enrolment-key=${enrolment.publicText}`,
          '--seconds',
          String(seconds),
        ],
        {
          cwd: ROOT,
          env: { ...process.env, FLEET_EXPORTER_PASSWORD: broker.exporter.password },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      children.push(child);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const text = await metrics(port).catch(() => '');
        if (until.every((one) => text.includes(one))) return child;
        if (Date.now() > deadline || child.exitCode !== null) {
          throw new Error(`the exporter never served ${until.join(', ')}:\n${text}`);
        }
        await sleep(100);
      }
    }
    const metrics = async (port: number): Promise<string> =>
      (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const exited = (child: ChildProcess) =>
      child.exitCode !== null
        ? Promise.resolve(child.exitCode)
        : new Promise<number | null>((resolve) => child.once('exit', resolve));

    beforeAll(async () => {
      broker = await startMosquitto({ kiosks: { 'sim-a': 'pw', 'sim-b': 'pw' } });
      for (const id of ['sim-a', 'sim-b']) {
        const kiosk = createSimulatedKiosk({
          brokerUrls: [broker.tcpUrl],
          kioskId: id,
          topicPrefix: P,
          username: id,
          password: 'pw',
          healthSeconds: 3600,
          keepaliveSeconds: 10,
          log: { info: () => undefined, warn: () => undefined, error: () => undefined },
          shoppers: false,
          memoryMB: 300,
        });
        kiosks.push(kiosk);
      }
      kiosks[1]?.app.setPrinterAvailable(false);
      kiosks[1]?.app.setCatalogue({ products: 20, ageMinutes: 90 });
      for (const kiosk of kiosks) kiosk.start();
      // A chain kiosk's certificate names its store and region; its status claims another store.
      const operator = await mqtt.connectAsync(broker.watchUrl, {
        ...broker.operator,
        reconnectPeriod: 0,
      });
      await operator.publishAsync(
        `${P}/kiosks/chain-1/status`,
        JSON.stringify({ state: 'asleep', version: '0.2.0', store: 'leeds-9', region: 'north' }),
        { qos: 1, retain: true },
      );
      const signed = signCertificateWith(
        certificateFields({
          kioskId: 'chain-1',
          publicKey: makeReceiptKey().publicText,
          store: 'leeds-4',
          region: 'north',
          serial: 'chain-serial-00001',
        }),
        enrolment.privateKey,
      );
      await operator.publishAsync(
        certificateTopic(P, 'chain-1', 'chain-serial-00001'),
        JSON.stringify(signed),
        { qos: 1, retain: true },
      );
      await operator.endAsync();
    }, 60_000);

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      for (const kiosk of kiosks) await kiosk.stop();
      await broker.dispose();
    });

    it('serves every kiosk’s state, printer, catalogue, memory, version and last seen, labelled', async () => {
      const port = await freePort();
      const child = await exporter(port, 60, ...SERVED);
      const text = await metrics(port);
      expect(text).toContain(
        'kiosk_shop_kiosk_state{kiosk="sim-a",store="",region="",state="online"} 1',
      );
      expect(text).toContain(
        'kiosk_shop_kiosk_state{kiosk="sim-a",store="",region="",state="offline"} 0',
      );
      expect(text).toContain(
        'kiosk_shop_kiosk_state{kiosk="chain-1",store="leeds-4",region="north",state="asleep"} 1',
      );
      expect(text).toContain(
        'kiosk_shop_kiosk_group_mismatch{kiosk="chain-1",store="leeds-4",region="north",group="store",claimed="leeds-9"} 1',
      );
      expect(text).toContain(
        'kiosk_shop_kiosk_info{kiosk="sim-a",store="",region="",version="0.1.0"} 1',
      );
      expect(text).toContain('kiosk_shop_printer_available{kiosk="sim-a",store="",region=""} 1');
      expect(text).toContain('kiosk_shop_printer_available{kiosk="sim-b",store="",region=""} 0');
      expect(text).toMatch(
        /kiosk_shop_catalogue_age_minutes\{kiosk="sim-b",store="",region=""\} 90(\.\d+)?\n/,
      );
      expect(text).toContain(
        'kiosk_shop_catalogue_max_age_minutes{kiosk="sim-b",store="",region=""} 60',
      );
      expect(text).toMatch(
        /kiosk_shop_memory_megabytes\{kiosk="sim-a",store="",region="",process="main"\} 10\d(\.\d+)?\n/,
      );
      expect(text).toContain('kiosk_shop_update_failed{kiosk="sim-a",store="",region=""} 0');
      const seen =
        /kiosk_shop_last_seen_timestamp_seconds\{kiosk="sim-a",store="",region=""\} (\S+)/.exec(
          text,
        );
      expect(Math.abs(Number(seen?.[1]) * 1000 - Date.now())).toBeLessThan(60_000);
      expect(text).toContain('kiosk_shop_exporter_kiosks 3');
      expect(text).toContain('kiosk_shop_exporter_broker_connected 1');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);

      // Stopped and started again, it serves the same from the retained messages alone.
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
      expect(await portIsFree(port)).toBe(true);
      const again = await exporter(port, 60, ...SERVED);
      const rebuilt = await metrics(port);
      for (const line of text
        .split('\n')
        .filter((one) => /^kiosk_shop_(kiosk_state|printer|kiosk_info)/.test(one))) {
        expect(rebuilt).toContain(line);
      }
      again.kill('SIGTERM');
      await exited(again);
    }, 120_000);

    it('ends by itself after --seconds, leaving its port free', async () => {
      const port = await freePort();
      const child = await exporter(port, 3, 'kiosk_shop_exporter_kiosks');
      expect(await exited(child)).toBe(0);
      expect(await portIsFree(port)).toBe(true);
    }, 60_000);
  });
});
