/**
 * The service's PostgreSQL pool on a real PostgreSQL 15: a query that outlasts its timeout
 * fails as "unavailable" (so the request is answered 503, not left hanging), and the
 * connection it ran on is destroyed rather than handed to the next request, where the
 * abandoned query would still hold it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../../services/shop/db/database-unavailable';
import { preparedPool } from '../../../../services/shop/db/prepared-pool';
import { postgresUnavailable, startPostgres, type Postgres } from '../support/postgres';

const noPostgres = postgresUnavailable();
const servers: Postgres[] = [];
afterAll(() => servers.forEach((server) => server.stop()), 60_000);

describe.skipIf(noPostgres !== null)('preparedPool', () => {
  it('gives up on a query after its timeout, and does not reuse its connection', async () => {
    const postgres = await startPostgres();
    servers.push(postgres);
    const pool = preparedPool({ connectionString: postgres.url(), max: 1, queryTimeoutMs: 300 });
    try {
      const first = await pool.connect();
      const began = Date.now();
      const slow = await first.query('select pg_sleep(3)', []).catch((error: unknown) => error);
      first.release();
      expect(Date.now() - began).toBeLessThan(2000);
      expect(slow).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(slow)).toBe(true);

      // The pool's one connection is a fresh one: the sleeping query is not in its way.
      const second = await pool.connect();
      try {
        const { rows } = await second.query<{ one: number }>('select 1 as one', []);
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        second.release();
      }
      // A query that fails for its own reasons keeps its (sound) connection.
      const third = await pool.connect();
      const wrong = await third.query('selec 1', []).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(wrong)).toBe(false);
      third.release();
    } finally {
      await pool.end();
    }
  }, 60_000);
});
