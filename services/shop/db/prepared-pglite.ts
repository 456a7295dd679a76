/**
 * PGlite behind kysely with every query a named prepared statement, as prepared-pool.ts
 * does for PostgreSQL. PGlite's own `query` parses and plans its text on every call, and in
 * PGlite (one process, in WebAssembly) that is most of a claim's cost: a prepared claim runs
 * in about half the time. Here each distinct text is parsed once (Parse and Describe, to
 * learn its parameter and column types), then each call is one Bind, Execute and Sync sent
 * to PGlite at once. Texts beyond MAX_NAMED run as the unnamed statement, parsed each time.
 *
 * PGlite is one session, so the driver hands out its one connection to one holder at a
 * time, in the order they asked (a FIFO queue: with 50 requests waiting, none is starved),
 * and a transaction is BEGIN … COMMIT on that held connection. Values are written and read
 * with PGlite's own serializers and parsers, so rows come back as from `pglite.query`.
 */
import { protocol, type PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PGliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

const MAX_NAMED = 200;
const { serialize, messages: backend } = protocol;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

interface Field {
  name: string;
  dataTypeID: number;
}

interface Statement {
  name: string;
  paramTypes: readonly number[];
  fields: readonly Field[];
}

/** Commands whose completion tag ends with the number of rows they changed. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const message = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** One holder at a time, served in the order they asked. */
class FifoLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

class PreparedConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  readonly #statements = new Map<string, Statement>();
  inTransaction = false;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async #exec(parts: readonly Uint8Array[]): Promise<BackendMessage[]> {
    const { messages } = await this.#pglite.execProtocol(joined(parts), { syncToFs: false });
    return messages;
  }

  async #prepare(text: string): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known) return known;
    const name = this.#statements.size < MAX_NAMED ? `shop_${this.#statements.size}` : '';
    const messages = await this.#exec([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    let paramTypes: readonly number[] = [];
    let fields: readonly Field[] = [];
    for (const message of messages) {
      if (message instanceof backend.ParameterDescriptionMessage) {
        paramTypes = message.dataTypeIDs;
      } else if (message instanceof backend.RowDescriptionMessage) {
        fields = message.fields.map(({ name: field, dataTypeID }) => ({ name: field, dataTypeID }));
      }
    }
    const statement = { name, paramTypes, fields };
    if (name !== '') this.#statements.set(text, statement);
    return statement;
  }

  #serialized(statement: Statement, values: readonly unknown[]): (string | null)[] {
    return values.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index];
      const serializer = type === undefined ? undefined : this.#pglite.serializers[type];
      if (serializer) return serializer(value);
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
        return String(value);
      }
      return JSON.stringify(value);
    });
  }

  #row(statement: Statement, values: readonly (string | null)[]): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    statement.fields.forEach((field, index) => {
      const value = values[index] ?? null;
      const parser = this.#pglite.parsers[field.dataTypeID];
      row[field.name] = value === null || !parser ? value : parser(value, field.dataTypeID);
    });
    return row;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.#pglite.runExclusive(async () => {
      const statement = await this.#prepare(compiled.sql);
      const messages = await this.#exec([
        // Named or not, the statement just prepared: an unnamed one is parsed again here.
        ...(statement.name === '' ? [serialize.parse({ name: '', text: compiled.sql })] : []),
        serialize.bind({
          statement: statement.name,
          values: this.#serialized(statement, compiled.parameters),
        }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      const rows: R[] = [];
      let changed: bigint | undefined;
      for (const message of messages) {
        if (message instanceof backend.DataRowMessage) {
          rows.push(this.#row(statement, message.fields) as R);
        } else if (message instanceof backend.CommandCompleteMessage) {
          const words = message.text.split(' ');
          const count = Number(words.at(-1));
          if (COUNTED.has(words[0] ?? '') && Number.isInteger(count)) changed = BigInt(count);
        }
      }
      if (!this.inTransaction) await this.#pglite.syncToFs();
      return changed === undefined ? { rows } : { rows, numAffectedRows: changed };
    });
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }
}

class PreparedPgliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #lock = new FifoLock();
  readonly #connection: PreparedConnection;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PreparedConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return this.#connection;
  }

  releaseConnection(): Promise<void> {
    this.#lock.release();
    return Promise.resolve();
  }

  async beginTransaction(_connection: DatabaseConnection, settings: TransactionSettings) {
    const words = ['start transaction'];
    if (settings.isolationLevel) words.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) words.push(settings.accessMode);
    await this.#connection.executeQuery(CompiledQuery.raw(words.join(' ')));
    this.#connection.inTransaction = true;
  }

  async commitTransaction(): Promise<void> {
    await this.#end('commit');
  }

  async rollbackTransaction(): Promise<void> {
    await this.#end('rollback');
  }

  async #end(command: 'commit' | 'rollback'): Promise<void> {
    try {
      await this.#connection.executeQuery(CompiledQuery.raw(command));
    } finally {
      this.#connection.inTransaction = false;
      await this.#pglite.syncToFs();
    }
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

/** kysely's PGlite dialect (its adapter, compiler and introspector) with the driver above. */
export class PreparedPgliteDialect extends PGliteDialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    super({ pglite });
    this.#pglite = pglite;
  }

  override createDriver(): Driver {
    return new PreparedPgliteDriver(this.#pglite);
  }
}
