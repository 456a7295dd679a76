/**
 * The service over real HTTP on both engines: many counters claiming the same receipts at
 * the same moment, each receipt handed over exactly once and every other counter shown
 * that handover; and the transport rule (plain HTTP on loopback only, TLS otherwise).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCertificate } from '../../../../services/shop/certificates/certificate-store';
import type { DatabasePlace } from '../../../../services/shop/db/database';
import { startService, type RunningService } from '../../../../services/shop/server/start-service';
import { addLogin, loginCookie, makeWorld, receiptCode } from '../support/shop-world';
import { runCounters } from '../support/counters';
import { checkHistory, tally } from '../support/history';
import { postgresUnavailable, startPostgres, type Postgres } from '../support/postgres';

const COUNTERS = 8;
const RECEIPTS = 120;
const world = makeWorld(2);
const noPostgres = postgresUnavailable();

async function serve(place: DatabasePlace): Promise<RunningService> {
  const service = await startService({
    database: place,
    trust: world.trust,
    host: '127.0.0.1',
    port: 0,
  });
  for (const kiosk of world.kiosks)
    await saveCertificate(service.services.db, kiosk.envelope, Date.now());
  for (let index = 1; index <= COUNTERS; index += 1) {
    await addLogin(service.services, `counter-${index}`, 'counter', `Counter ${index}`);
  }
  return service;
}

async function contested(service: RunningService) {
  const cookies = new Map<string, string>();
  for (let index = 1; index <= COUNTERS; index += 1) {
    cookies.set(
      `Counter ${index}`,
      await loginCookie({ fetch: (r) => fetch(r) }, `counter-${index}`, service.origin),
    );
  }
  const codes = new Map<string, string>();
  for (let index = 0; index < RECEIPTS; index += 1) {
    const { code, payload } = receiptCode(world.kiosks[index % 2]!);
    codes.set(payload.r, code);
  }
  const history = await runCounters({
    origin: () => service.origin,
    cookies,
    codes,
    deadline: Date.now() + 60_000,
  });
  const rows = await service.services.db
    .selectFrom('handovers')
    .select(['receipt_id', 'handover_id', 'counter'])
    .execute();
  const stored = new Map(rows.map((row) => [row.receipt_id, row.handover_id]));
  return { history, stored, rows };
}

describe.each([
  ['PGlite', 'pglite'],
  ['PostgreSQL 15', 'postgresql'],
] as const)('contested claims over HTTP, on %s', (_name, engine) => {
  let postgres: Postgres | undefined;
  let service: RunningService;

  beforeAll(async () => {
    if (engine === 'postgresql') {
      if (noPostgres !== null) return;
      postgres = await startPostgres();
      service = await serve({ engine, url: await postgres.createDatabase('shop') });
    } else {
      service = await serve({ engine, dataDir: null });
    }
  }, 180_000);
  afterAll(async () => {
    if (engine === 'pglite' || noPostgres === null) await service.close();
    postgres?.stop();
  });

  it.skipIf(engine === 'postgresql' && noPostgres !== null)(
    `${COUNTERS} counters at once: every receipt handed over exactly once`,
    async () => {
      const { history, stored, rows } = await contested(service);
      expect(checkHistory(history, stored)).toEqual([]);
      expect(tally(history)).toEqual({
        won: RECEIPTS,
        lost: RECEIPTS * (COUNTERS - 1),
        unknown: 0,
      });
      expect(rows).toHaveLength(RECEIPTS);
      // More than one counter won: the receipts were really contested, not taken in turn.
      expect(new Set(rows.map((row) => row.counter)).size).toBeGreaterThan(1);
    },
    180_000,
  );
});

describe('the transport rule', () => {
  it('refuses to listen off loopback without TLS, in one line', async () => {
    await expect(
      startService({
        database: { engine: 'pglite', dataDir: null },
        trust: world.trust,
        host: '0.0.0.0',
        port: 0,
      }),
    ).rejects.toThrow(
      'refusing to listen on 0.0.0.0 without TLS: plain HTTP is for loopback only (127.0.0.1, ::1); give --tls-cert and --tls-key',
    );
  });

  it('serves HTTPS with a certificate and key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-tls-'));
    const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const service = await startService({
      database: { engine: 'pglite', dataDir: null },
      trust: world.trust,
      host: '127.0.0.1',
      port: 0,
      tls: { cert: readFileSync(cert), key: readFileSync(key) },
    });
    try {
      expect(service.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const { request } = await import('node:https');
      const body = await new Promise<string>((resolve, reject) => {
        request(`${service.origin}/health`, { ca: readFileSync(cert) }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(text));
        })
          .on('error', reject)
          .end();
      });
      expect(JSON.parse(body)).toMatchObject({ status: 'ok', database: 'pglite' });
    } finally {
      await service.close();
    }
  }, 120_000);
});
