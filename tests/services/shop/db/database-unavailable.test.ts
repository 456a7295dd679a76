/**
 * Which errors mean "the database cannot be reached just now", and what the service does
 * with them on a real PostgreSQL 15 that goes away and comes back: the pool's errors are
 * told apart from a wrong query, a claim is answered 503 with Retry-After (never 500, never
 * a verdict), and once the server is back the same pool answers again and the counter's
 * retry of the same claim hands over.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../../../services/shop/db/database';
import { isDatabaseUnavailable } from '../../../../services/shop/db/database-unavailable';
import { UNAVAILABLE_RETRY_SECONDS } from '../../../../services/shop/http/shop-app';
import { postgresUnavailable, startPostgres, type Postgres } from '../support/postgres';
import {
  addLogin,
  jsonPost,
  loginCookie,
  makeWorld,
  newHandoverId,
  openShop,
  receiptCode,
} from '../support/shop-world';

const noPostgres = postgresUnavailable();
const servers: Postgres[] = [];
afterAll(() => servers.forEach((server) => server.stop()), 60_000);

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a connection that failed, a server going or coming, and a standby', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    for (const state of ['08006', '08001', '08P01', '57P01', '57P02', '57P03', '25006', '53300']) {
      expect(isDatabaseUnavailable(withCode(state)), state).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect'),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('57P01') }))).toBe(true);
  });

  it('leaves a wrong query, a refused row and anything else to be a fault', () => {
    for (const state of ['42601', '23505', '22P02', '40001', '42P01']) {
      expect(isDatabaseUnavailable(withCode(state)), state).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('Connection refused by policy'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), new Error()]))).toBe(
      false,
    );
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe.skipIf(noPostgres !== null)('a PostgreSQL that goes away and comes back', () => {
  it('gives errors told apart from a fault, and the same pool answers once it is back', async () => {
    const postgres = await startPostgres();
    servers.push(postgres);
    const database = openDatabase({ engine: 'postgresql', url: postgres.url() });
    try {
      await sql`select 1`.execute(database.db);
      const wrong = await sql`selec 1`.execute(database.db).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(wrong)).toBe(false);
      // The server dies while a request holds a connection: the query fails, and the
      // connection's own 'error' event must not end the process (vitest fails the run on it).
      const held = await database.db
        .connection()
        .execute(async (connection) => {
          await sql`select 1`.execute(connection);
          postgres.kill();
          return sql`select 1`.execute(connection);
        })
        .catch((error: unknown) => error);
      expect(held).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(held)).toBe(true);
      const gone = await sql`select 1`.execute(database.db).catch((error: unknown) => error);
      expect(gone).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(gone)).toBe(true);
      postgres.start();
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('answers a claim 503 with Retry-After while it is away, and hands over on the retry', async () => {
    const postgres = await startPostgres();
    servers.push(postgres);
    const world = makeWorld(1);
    const logged: string[] = [];
    const shop = await openShop(world, { engine: 'postgresql', url: postgres.url() });
    shop.services.log = (line) => logged.push(line);
    try {
      await addLogin(shop.services, 'counter-1');
      const cookie = await loginCookie(shop.app, 'counter-1');
      const { code } = receiptCode(world.kiosks[0]!);
      const claim = { code, handoverId: newHandoverId() };
      postgres.kill();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const refused = await shop.app.request('/handovers', jsonPost(claim, cookie));
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_SECONDS));
        expect(await refused.json()).toMatchObject({ error: 'database-unavailable' });
      }
      expect((await shop.app.request('/health')).status).toBe(503);
      expect(logged.filter((line) => line.startsWith('database unavailable'))).toHaveLength(1);
      expect(logged.filter((line) => line.startsWith('error on'))).toEqual([]);
      postgres.start();
      const handed = await shop.app.request('/handovers', jsonPost(claim, cookie));
      expect(handed.status).toBe(201);
      const repeat = await shop.app.request('/handovers', jsonPost(claim, cookie));
      expect(repeat.status).toBe(200);
    } finally {
      await shop.close();
    }
  }, 120_000);
});
