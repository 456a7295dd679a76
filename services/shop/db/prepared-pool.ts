/**
 * node-postgres behind kysely with every query a named prepared statement: PostgreSQL then
 * parses and plans each of the service's few query texts once per connection, instead of
 * on every request. kysely hands its pool only (text, parameters), so the names are given
 * here, one per distinct text; texts beyond MAX_NAMED run unnamed, so a query built with a
 * varying text can never pile up statements on a connection.
 *
 * bigint columns (times in ms, cents) come back as numbers: every value the service keeps
 * there is far inside a safe integer.
 */
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';

const MAX_NAMED = 200;
const INT8 = 20;

export interface PreparedPoolOptions {
  connectionString: string;
  /** Connections kept open; default 20. */
  max?: number;
}

const types = new pg.TypeOverrides();
types.setTypeParser(INT8, 'text', (text: string) => Number(text));

export function preparedPool(options: PreparedPoolOptions): PostgresPool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 20,
    types,
  });
  // An idle connection that breaks (the server restarted) must not crash the service.
  pool.on('error', () => undefined);
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
      const query = async <R>(
        text: string,
        values: readonly unknown[],
      ): Promise<PostgresQueryResult<R>> => {
        const name = nameFor(text);
        const config = { text, values: [...values], ...(name === undefined ? {} : { name }) };
        const result = await client.query(config);
        return result as unknown as PostgresQueryResult<R>;
      };
      return {
        query: query as PostgresPoolClient['query'],
        release: (destroy?: boolean) => client.release(destroy),
      };
    },
    end: () => pool.end(),
  };
}
