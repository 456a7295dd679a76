/**
 * Brings the schema up to date on start, with kysely's Migrator and the migration files of
 * db/migrations (one file per step, applied in name order, each once, recorded in kysely's
 * own table). On PostgreSQL the Migrator holds an advisory lock, so replicas starting
 * together migrate once.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { openDatabase, type DatabasePlace, type ShopDatabase } from './database';
import type { ShopTables } from './tables';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

export interface MigrationOutcome {
  /** The newest migration applied, now or before. */
  latest: string | null;
  applied: string[];
}

export function shopMigrator(db: Kysely<ShopTables>): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({
      fs,
      path,
      migrationFolder: MIGRATIONS_DIR,
      import: (file) => import(file) as Promise<unknown>,
    }),
  });
}

/** Applies every pending migration; throws with the failing one's name and reason. */
export async function migrateToLatest(db: Kysely<ShopTables>): Promise<MigrationOutcome> {
  const migrator = shopMigrator(db);
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(none)'} failed: ${reason}`);
  }
  const applied = results.map((result) => result.migrationName);
  const known = await migrator.getMigrations();
  const done = known.filter((migration) => migration.executedAt !== undefined);
  return { latest: done.at(-1)?.name ?? null, applied };
}

/**
 * Migrates the database at `place`, open as `database`. On PostgreSQL through a connection
 * of its own without the service's query time limit: a migration may rightly run long, and
 * a replica starting beside another waits for the other's migration lock.
 */
export async function migratePlace(
  place: DatabasePlace,
  database: ShopDatabase,
): Promise<MigrationOutcome> {
  if (place.engine !== 'postgresql') return migrateToLatest(database.db);
  const unbounded = openDatabase({ ...place, connections: 1, queryTimeoutMs: 0 });
  try {
    return await migrateToLatest(unbounded.db);
  } finally {
    await unbounded.close();
  }
}
