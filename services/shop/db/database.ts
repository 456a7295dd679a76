/**
 * The shop's database: PostgreSQL when a URL is given (DATABASE_URL), else PGlite, the same
 * PostgreSQL compiled to WebAssembly, embedded in this process and keeping its files in a
 * folder (or in memory, for tests). Both are reached through kysely, so every query is the
 * same SQL on either, each text a prepared statement (prepared-pool.ts, prepared-pglite.ts);
 * PGlite has one connection, lent to one request at a time in the order they asked.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PreparedPgliteDialect } from './prepared-pglite';
import { preparedPool } from './prepared-pool';
import type { ShopTables } from './tables';

export type Engine = 'pglite' | 'postgresql';

export type DatabasePlace =
  | {
      engine: 'postgresql';
      url: string;
      connections?: number;
      /** ms a query may take (prepared-pool.ts's QUERY_TIMEOUT_MS when absent); 0: no limit. */
      queryTimeoutMs?: number;
    }
  /** `dataDir` null: in memory, gone when closed. */
  | { engine: 'pglite'; dataDir: string | null; start?: PgliteStart };

/**
 * What an in-memory PGlite may start from instead of an empty cluster: a data folder as
 * PGlite's dumpDataDir wrote it (its initdb and migrations already done) and PGlite's
 * WebAssembly compiled once. Tests open hundreds of databases; each initdb costs seconds.
 */
export type PgliteStart = Pick<
  PGliteOptions,
  'loadDataDir' | 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'
>;

export interface ShopDatabase {
  db: Kysely<ShopTables>;
  engine: Engine;
  close(): Promise<void>;
}

const INT8 = 20;

function openPglite(dataDir: string | null, start: PgliteStart = {}): Kysely<ShopTables> {
  const options = { ...start, parsers: { [INT8]: (text: string) => Number(text) } };
  const pglite = dataDir === null ? new PGlite(options) : new PGlite(dataDir, options);
  return new Kysely<ShopTables>({ dialect: new PreparedPgliteDialect(pglite) });
}

export function openDatabase(place: DatabasePlace): ShopDatabase {
  const db =
    place.engine === 'postgresql'
      ? new Kysely<ShopTables>({
          dialect: new PostgresDialect({
            pool: preparedPool({
              connectionString: place.url,
              ...(place.connections === undefined ? {} : { max: place.connections }),
              ...(place.queryTimeoutMs === undefined
                ? {}
                : { queryTimeoutMs: place.queryTimeoutMs }),
            }),
          }),
        })
      : openPglite(place.dataDir, place.start);
  return { db, engine: place.engine, close: () => db.destroy() };
}
