/**
 * `npm run shop-service` as run for real, in a child process: its usage and refusals, and,
 * on both engines, the service killed with SIGKILL in the middle of a run of counters and
 * started again: no handover a counter was told it made is lost, none is made twice, and
 * the database agrees with every answer given (a Jepsen-style history check).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { restartablePort } from '../../../tools/cluster/restartable-port';
import { saveCertificate } from '../../../services/shop/certificates/certificate-store';
import type { DatabasePlace } from '../../../services/shop/db/database';
import { openServices } from '../../../services/shop/server/start-service';
import { runCounters } from './support/counters';
import { checkHistory, tally } from './support/history';
import { postgresUnavailable, startPostgres, type Postgres } from './support/postgres';
import { runEntry, startServiceProcess, type ServiceProcess } from './support/service-process';
import { addLogin, loginCookie, makeWorld, receiptCode } from './support/shop-world';

const world = makeWorld(1);
const kiosk = world.kiosks[0]!;
const COUNTERS = 4;
const RECEIPTS = 100;
const KILL_AFTER = 150;
const noPostgres = postgresUnavailable();
const postgresServers: Postgres[] = [];
afterAll(() => postgresServers.forEach((server) => server.stop()));

describe('npm run shop-service', () => {
  it('answers --help with its usage, and refuses a plain listener off loopback in one line', async () => {
    const help = await runEntry(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('npm run shop-service -- staff add USER');
    const refused = await runEntry([
      '--host',
      '0.0.0.0',
      `--enrolment-key=${world.enrolment.publicText}`,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'shop-service: refusing to listen on 0.0.0.0 without TLS: plain HTTP is for loopback only (127.0.0.1, ::1); give --tls-cert and --tls-key',
    );
  }, 60_000);
});

/** Certificates and counter logins, written before the service starts. */
async function seed(place: DatabasePlace): Promise<void> {
  const { services, database } = await openServices(place, world.trust);
  await saveCertificate(services.db, kiosk.envelope, Date.now());
  for (let index = 1; index <= COUNTERS; index += 1) {
    await addLogin(services, `counter-${index}`, 'counter', `Counter ${index}`);
  }
  await database.close();
}

/** The handovers the running service holds, as the console reads them. */
async function storedHandovers(origin: string, cookie: string): Promise<Map<string, string>> {
  const response = await fetch(`${origin}/handovers?limit=1000`, { headers: { cookie } });
  const { handovers } = (await response.json()) as {
    handovers: { receiptId: string; handoverId: string }[];
  };
  return new Map(handovers.map((row) => [row.receiptId, row.handoverId]));
}

describe.each([
  ['PGlite in a data folder', 'pglite'],
  ['PostgreSQL 15', 'postgresql'],
] as const)('killed mid-run and restarted, on %s', (_name, engine) => {
  it.skipIf(engine === 'postgresql' && noPostgres !== null)(
    'loses no acknowledged handover and makes none twice',
    async () => {
      let place: DatabasePlace;
      let env: NodeJS.ProcessEnv = {};
      let dataArgs: string[] = [];
      if (engine === 'postgresql') {
        const postgres = await startPostgres();
        postgresServers.push(postgres);
        const url = await postgres.createDatabase('shop');
        place = { engine, url };
        env = { DATABASE_URL: url };
      } else {
        const dataDir = mkdtempSync(join(tmpdir(), 'shop-data-'));
        place = { engine, dataDir };
        dataArgs = ['--data', dataDir];
      }
      await seed(place);
      const port = await restartablePort();
      const args = [
        '--port',
        String(port),
        `--enrolment-key=${world.enrolment.publicText}`,
        ...dataArgs,
      ];
      let service: ServiceProcess = await startServiceProcess(args, env);
      const health: unknown = await (await fetch(`${service.origin}/health`)).json();
      expect(health).toMatchObject({ status: 'ok', database: engine });

      const cookies = new Map<string, string>();
      for (let index = 1; index <= COUNTERS; index += 1) {
        cookies.set(
          `Counter ${index}`,
          await loginCookie({ fetch: (r) => fetch(r) }, `counter-${index}`, service.origin),
        );
      }
      const codes = new Map<string, string>();
      for (let index = 0; index < RECEIPTS; index += 1) {
        const { code, payload } = receiptCode(kiosk);
        codes.set(payload.r, code);
      }
      let restarted: Promise<void> = Promise.resolve();
      const history = await runCounters({
        origin: () => service.origin,
        cookies,
        codes,
        deadline: Date.now() + 150_000,
        onAnswer: (answered) => {
          if (answered !== KILL_AFTER) return;
          restarted = service.kill().then(async () => {
            service = await startServiceProcess(args, env);
          });
        },
      });
      await restarted;
      // Read from the restarted service: what it holds after the kill is what counts.
      const stored = await storedHandovers(service.origin, cookies.get('Counter 1') ?? '');
      await service.stop();
      const counts = tally(history);
      expect(counts.unknown, 'the kill interrupted some claims').toBeGreaterThan(0);
      expect(checkHistory(history, stored)).toEqual([]);
      expect(stored.size).toBe(RECEIPTS);
    },
    300_000,
  );
});
