/**
 * npm run bench -- --records: the shop service in its own process (as `npm run
 * shop-service` runs it) on each engine, PGlite in a data folder and a throwaway PostgreSQL
 * 15, under 50 counters claiming receipts and 1,000 kiosks sending orders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { saveCertificate } from '../../services/shop/certificates/certificate-store';
import type { DatabasePlace } from '../../services/shop/db/database';
import { openServices } from '../../services/shop/server/start-service';
import { addStaff } from '../../services/shop/staff/staff-store';
import { startPostgres, type Postgres } from '../../tests/services/shop/support/postgres';
import { startServiceProcess } from '../../tests/services/shop/support/service-process';
import {
  makeWorld,
  makeKiosk,
  loginCookie,
  PASSWORD,
  receiptCode,
  type ShopWorld,
} from '../../tests/services/shop/support/shop-world';
import { cpuMeter } from './process-cpu';
import { claimJobs, orderJobs, runLoad, type BenchKiosk } from './records-load';
import type { EngineFigures, RecordsEngine } from './records-checks';

const COUNTERS = 50;
const KIOSKS = 1000;
const RECEIPTS = 6000;
const ORDERS = 9000;
/**
 * Requests of each load not counted: a service just started answers its first few thousand
 * at about half the rate that follows, while V8 compiles its code and Node's and the
 * libraries' to their fast form. A shop's service runs for weeks; those first seconds are
 * given apart in the table, and not judged.
 */
const WARM_UP = 4000;

async function seed(
  place: DatabasePlace,
  world: ShopWorld,
  kiosks: readonly ReturnType<typeof makeKiosk>[],
) {
  const { services, database } = await openServices(place, world.trust);
  for (const kiosk of kiosks) await saveCertificate(services.db, kiosk.envelope, Date.now());
  for (let index = 1; index <= COUNTERS; index += 1) {
    await addStaff(
      services.db,
      {
        username: `counter-${index}`,
        name: `Counter ${index}`,
        role: 'counter',
        password: PASSWORD,
      },
      Date.now(),
    );
  }
  await database.close();
}

async function measureEngine(
  engine: RecordsEngine,
  log: (line: string) => void,
): Promise<EngineFigures> {
  const world = makeWorld(0);
  const kiosks = Array.from({ length: KIOSKS }, (_, index) =>
    makeKiosk(world, `kiosk-${String(index).padStart(4, '0')}`),
  );
  let postgres: Postgres | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  let place: DatabasePlace = { engine: 'pglite', dataDir };
  if (engine === 'postgresql') {
    postgres = await startPostgres({ settings: ['max_connections=100'] });
    place = { engine, url: await postgres.createDatabase('shop') };
  }
  try {
    log(`${engine}: seeding ${KIOSKS} certificates and ${COUNTERS} counters`);
    await seed(place, world, kiosks);
    const env = place.engine === 'postgresql' ? { DATABASE_URL: place.url } : {};
    const args = [
      '--port',
      '0',
      `--enrolment-key=${world.enrolment.publicText}`,
      ...(place.engine === 'pglite' ? ['--data', dataDir] : []),
    ];
    const service = await startServiceProcess(args, env);
    const servicePid = service.child.pid ?? 0;
    const meter = () => cpuMeter(servicePid, postgres ? join(postgres.dir, 'data') : null);
    try {
      const cookies: string[] = [];
      for (let index = 1; index <= COUNTERS; index += 1) {
        cookies.push(
          await loginCookie(
            { fetch: (request) => fetch(request) },
            `counter-${index}`,
            service.origin,
          ),
        );
      }
      const codes = Array.from(
        { length: RECEIPTS },
        (_, index) => receiptCode(kiosks[index % KIOSKS]!).code,
      );
      log(`${engine}: ${RECEIPTS * 2} claims from ${COUNTERS} counters`);
      const claims = await runLoad(
        service.origin,
        claimJobs(COUNTERS, codes, () => randomBytes(16).toString('base64url')),
        COUNTERS,
        WARM_UP,
        meter,
        cookies,
      );
      const senders: BenchKiosk[] = kiosks.map((kiosk) => ({
        id: kiosk.id,
        serial: kiosk.serial,
        privateKey: kiosk.privateKey,
      }));
      const base = Date.now() * 100;
      log(`${engine}: ${ORDERS} orders from ${KIOSKS} kiosks`);
      const orders = await runLoad(
        service.origin,
        orderJobs(
          service.origin,
          world.trust.prefix,
          senders,
          ORDERS,
          (n) => `Receipt-${base + n}-${n % 1000}`,
        ),
        COUNTERS,
        WARM_UP,
        meter,
      );
      return { engine, claims, orders };
    } finally {
      await service.stop();
    }
  } finally {
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureRecords(log: (line: string) => void): Promise<EngineFigures[]> {
  const figures: EngineFigures[] = [];
  for (const engine of ['postgresql', 'pglite'] as const)
    figures.push(await measureEngine(engine, log));
  return figures;
}
