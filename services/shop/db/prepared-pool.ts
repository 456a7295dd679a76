/**
 * node-postgres behind kysely with every query a named prepared statement: PostgreSQL then
 * parses and plans each of the service's few query texts once per connection, instead of
 * on every request. kysely hands its pool only (text, parameters), so the names are given
 * here, one per distinct text; texts beyond MAX_NAMED run unnamed, so a query built with a
 * varying text can never pile up statements on a connection.
 *
 * bigint columns (times in ms, cents) come back as numbers: every value the service keeps
 * there is far inside a safe integer.
 *
 * A connection that breaks (the server restarted, a failover) is dropped by the pool and the
 * next request opens a new one. Nothing waits without end: opening one (or waiting for a
 * free one) gives up after CONNECT_TIMEOUT_MS, and a query after QUERY_TIMEOUT_MS, so a
 * request made while no server answers, or while a commit waits for a synchronous standby
 * that is not there, fails (503, database-unavailable.ts) instead of hanging. A connection
 * whose query failed so is destroyed, not reused: its query may still be running. Only the
 * client gives up; the server is never asked to cancel, because a commit cancelled while it
 * waits for its standby is reported committed. TCP keepalive finds an idle connection to a
 * machine that vanished.
 */
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable } from './database-unavailable';

const MAX_NAMED = 200;
const INT8 = 20;
export const CONNECT_TIMEOUT_MS = 5000;
export const QUERY_TIMEOUT_MS = 5000;
const KEEPALIVE_IDLE_MS = 10_000;

export interface PreparedPoolOptions {
  connectionString: string;
  /** Connections kept open; default 20. */
  max?: number;
  /** Default QUERY_TIMEOUT_MS; 0: no limit (migrations, migrate.ts). */
  queryTimeoutMs?: number;
}

const types = new pg.TypeOverrides();
types.setTypeParser(INT8, 'text', (text: string) => Number(text));

export function preparedPool(options: PreparedPoolOptions): PostgresPool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 20,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    types,
  });
  // An idle connection that breaks (the server restarted) must not crash the service.
  pool.on('error', () => undefined);
  // Nor one that breaks while a request holds it: node-postgres then fails the query (the
  // request's error) and also emits 'error' on the client, where the pool listens only
  // while it is idle; unheard, that event would end the process.
  const whileHeld = () => undefined;
  const names = new Map<string, string>();
  const nameFor = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED) {
      name = `shop_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    options: pool.options,
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      client.on('error', whileHeld);
      let broken = false;
      const query = async <R>(
        text: string,
        values: readonly unknown[],
      ): Promise<PostgresQueryResult<R>> => {
        const name = nameFor(text);
        const config = { text, values: [...values], ...(name === undefined ? {} : { name }) };
        try {
          const result = await client.query(config);
          return result as unknown as PostgresQueryResult<R>;
        } catch (error) {
          broken ||= isDatabaseUnavailable(error);
          throw error;
        }
      };
      return {
        query: query as PostgresPoolClient['query'],
        release: (destroy?: boolean) => {
          client.removeListener('error', whileHeld);
          client.release(destroy === true || broken);
        },
      };
    },
    end: () => pool.end(),
  };
}
