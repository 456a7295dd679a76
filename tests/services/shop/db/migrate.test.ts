/**
 * Migrations on a real PostgreSQL 15 are not held to the service's query time limit: a
 * replica that starts while another holds the migration lock waits for it, where a query of
 * the service would be given up (prepared-pool.ts).
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../services/shop/db/database';
import { migratePlace, migrateToLatest } from '../../../../services/shop/db/migrate';
import { postgresUnavailable, startPostgres, type Postgres } from '../support/postgres';

/** kysely's migration lock on PostgreSQL (its PostgresAdapter's advisory lock). */
const MIGRATION_LOCK = '3853314791062309107';

const noPostgres = postgresUnavailable();
const servers: Postgres[] = [];
afterAll(() => servers.forEach((server) => server.stop()), 60_000);

describe.skipIf(noPostgres !== null)('migratePlace', () => {
  it('waits for another replica’s migration lock, past the query time limit', async () => {
    const postgres = await startPostgres();
    servers.push(postgres);
    const place = { engine: 'postgresql' as const, url: postgres.url(), queryTimeoutMs: 300 };
    const database = openDatabase(place);
    const other = new pg.Client({ connectionString: postgres.url() });
    await other.connect();
    try {
      await other.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
      const bounded = await migrateToLatest(database.db).catch((error: unknown) => error);
      expect(bounded).toBeInstanceOf(Error);
      setTimeout(() => void other.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`), 1500);
      const began = Date.now();
      const outcome = await migratePlace(place, database);
      expect(Date.now() - began).toBeGreaterThanOrEqual(1000);
      expect(outcome.latest).not.toBeNull();
    } finally {
      await other.end();
      await database.close();
    }
  }, 120_000);
});
