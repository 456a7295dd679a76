/**
 * A throwaway Debian PostgreSQL 15 for the shop service's tests (and the high-availability
 * suite built on them): a copy of one initdb'd cluster in a temporary folder, started with pg_ctl on a loopback port
 * below the ephemeral range (so a restart finds it free), stopped and removed after.
 * PostgreSQL refuses to run as root, so as root every step runs as the `postgres` user
 * (runuser) in a folder that user owns; as anyone else, directly.
 *
 * Where the binaries are missing, `postgresUnavailable()` says why and the tests skip with
 * that reason; `.ci/run` installs postgresql-15, so CI never skips.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { restartablePort } from '../../../../tools/cluster/restartable-port';

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export function postgresUnavailable(): string | null {
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(join(POSTGRES_BIN, tool))) {
      return `PostgreSQL 15 is not installed (${join(POSTGRES_BIN, tool)}): apt-get install postgresql-15`;
    }
  }
  return null;
}

export interface PostgresOptions {
  /** More `-c name=value` settings, e.g. `max_connections=200`. */
  settings?: readonly string[];
  /** Ports already given to this run's other servers. */
  takenPorts?: Set<number>;
}

export interface Postgres {
  host: string;
  port: number;
  /** The cluster's folder (data, socket, log). */
  dir: string;
  /** A connection URL for `database` (default `postgres`), as the superuser `postgres`. */
  url(database?: string): string;
  /** A new, empty database; its URL. */
  createDatabase(name: string): Promise<string>;
  /** Starts the server again after `stop({ keep: true })` or `kill()`. */
  start(): void;
  /** Stops the server (fast shutdown); removes its folder unless `keep`. */
  stop(options?: { keep?: boolean }): void;
  /** Stops it as a crash would (immediate shutdown). */
  kill(): void;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as `postgres` when this process is root. */
function run(tool: string, args: readonly string[]): void {
  const path = join(POSTGRES_BIN, tool);
  const [command, fullArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path, ...args]]
    : [path, [...args]];
  const result = spawnSync(command, fullArgs, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) {
    throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

const INITDB_ARGS = ['-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'];

/** Copies a cluster's folder with its owner and modes (PostgreSQL wants 0700, its own). */
function copyCluster(from: string, to: string): void {
  const copied = spawnSync('cp', ['-a', from, to], { encoding: 'utf8' });
  if (copied.status !== 0) throw new Error(`cp -a ${from} ${to} failed: ${copied.stderr}`);
}

/**
 * An initdb'd, never started cluster for every server of the run to copy: initdb costs
 * seconds each time, a copy of its result a fraction of one. Kept in the system's temporary
 * folder under a name made from the server's version and initdb's arguments, so each test
 * worker and each later run copies it; made whole in a folder of its own, then renamed.
 */
function initializedCluster(): string {
  const version = execFileSync(join(POSTGRES_BIN, 'postgres'), ['--version'], { encoding: 'utf8' });
  const key = createHash('sha256')
    .update(`${POSTGRES_BIN}\0${version}\0${INITDB_ARGS.join(' ')}\0${String(asRoot)}`)
    .digest('hex')
    .slice(0, 16);
  const template = join(tmpdir(), `shop-postgres-initdb-${key}`);
  if (existsSync(template)) return template;
  const making = mkdtempSync(join(tmpdir(), 'shop-postgres-initdb-making-'));
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(making, uid, gid);
  }
  run('initdb', ['-D', join(making, 'data'), ...INITDB_ARGS]);
  try {
    renameSync(join(making, 'data'), template);
  } catch (error) {
    // Another worker made it first: theirs is the same cluster.
    if (!existsSync(template)) throw error;
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

export async function startPostgres(options: PostgresOptions = {}): Promise<Postgres> {
  const reason = postgresUnavailable();
  if (reason !== null) throw new Error(reason);
  const dir = mkdtempSync(join(tmpdir(), 'shop-postgres-'));
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  copyCluster(initializedCluster(), data);
  const port = await restartablePort(options.takenPorts ? { taken: options.takenPorts } : {});
  const host = '127.0.0.1';
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    `-c listen_addresses=${host}`,
    ...(options.settings ?? []).map((setting) => `-c ${setting}`),
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  const url = (database = 'postgres') => `postgres://postgres@${host}:${port}/${database}`;
  let stopped = false;
  return {
    host,
    port,
    dir,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    start() {
      start();
      stopped = false;
    },
    stop({ keep = false } = {}) {
      if (!stopped) run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      stopped = true;
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
    kill() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      stopped = true;
    },
  };
}
