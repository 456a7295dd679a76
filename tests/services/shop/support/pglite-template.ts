/**
 * One migrated PGlite for every in-memory database of the tests: an empty cluster's initdb
 * and the migrations cost seconds each time, loading a dump of their result about half of
 * it. The dump is kept in the system's temporary folder under a name made from PGlite's
 * version and the migration files, so each test worker and each later run loads it instead
 * of making it again, and a changed migration makes a new one. The service still runs its
 * migrator on every open (finding nothing to do); migrate.test.ts starts from an empty one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { DatabasePlace, PgliteStart } from '../../../../services/shop/db/database';
import { MIGRATIONS_DIR, migrateToLatest } from '../../../../services/shop/db/migrate';
import { PreparedPgliteDialect } from '../../../../services/shop/db/prepared-pglite';
import type { ShopTables } from '../../../../services/shop/db/tables';

const PGLITE_DIST = dirname(require.resolve('@electric-sql/pglite'));
const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(PGLITE_DIST, '..', 'package.json'), 'utf8')) as { version: string }
).version;

/** PGlite's version and every migration file's name and text. */
function templateKey(): string {
  const hash = createHash('sha256').update(PGLITE_VERSION);
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(`\0${name}\0`).update(readFileSync(join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function compiledModules(): Promise<PgliteStart> {
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    WebAssembly.compile(readFileSync(join(PGLITE_DIST, 'pglite.wasm'))),
    WebAssembly.compile(readFileSync(join(PGLITE_DIST, 'initdb.wasm'))),
  ]);
  const fsBundle = new Blob([readFileSync(join(PGLITE_DIST, 'pglite.data'))]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle };
}

/** A fresh cluster, migrated, dumped: what the file holds. */
async function makeDump(modules: PgliteStart): Promise<Blob> {
  const pglite = new PGlite({ ...modules });
  const db = new Kysely<ShopTables>({ dialect: new PreparedPgliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    return await pglite.dumpDataDir('gzip');
  } finally {
    await db.destroy();
  }
}

let started: Promise<PgliteStart> | null = null;

async function loadOrMake(): Promise<PgliteStart> {
  const modules = await compiledModules();
  const file = join(tmpdir(), `kiosk-shop-pglite-${templateKey()}.tgz`);
  if (existsSync(file)) return { ...modules, loadDataDir: new Blob([readFileSync(file)]) };
  const dump = await makeDump(modules);
  // Written whole under a name of its own, then renamed: a worker never reads half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return { ...modules, loadDataDir: dump };
}

/** The start every in-memory database of this worker shares. */
export function migratedStart(): Promise<PgliteStart> {
  started ??= loadOrMake();
  return started;
}

/** `place`, and when it is an in-memory PGlite with no start of its own, the migrated one. */
export async function withMigratedStart(place: DatabasePlace): Promise<DatabasePlace> {
  if (place.engine !== 'pglite' || place.dataDir !== null || place.start) return place;
  return { ...place, start: await migratedStart() };
}
