/**
 * PostgreSQL made highly available as a chain would run it: Debian's Patroni keeping one
 * primary and synchronous standbys of PostgreSQL 15, with its leader key in a three-member
 * etcd (etcd-cluster.ts), everything on loopback with its own ports and folders.
 *
 * The settings that matter (docs/services/shop-service.md, "A chain"):
 * - `synchronous_mode` with `synchronous_mode_strict`: a commit is acknowledged only once a
 *   standby has it, and Patroni only promotes that standby, so an acknowledged handover
 *   survives the primary's death; strict mode refuses writes rather than going on alone
 *   when no standby is left, so no acknowledged write ever rests on one machine.
 * - `ttl`, `loop_wait`, `retry_timeout`: how soon a dead primary's leader key expires and a
 *   standby takes over; shortened here (and in the docs' example) from Patroni's 30/10/10.
 *
 * PostgreSQL refuses to run as root, so as root each Patroni runs as `postgres` (runuser) in
 * folders that user owns. A node is killed as a machine dies: SIGKILL to Patroni and to its
 * postmaster and the postmaster's children at once (owned-process.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { stringify } from 'yaml';
import { restartablePort } from '../../../../tools/cluster/restartable-port';
import type { EtcdCluster } from './etcd-cluster';
import { startOwnedProcess, type OwnedProcess } from './owned-process';
import { POSTGRES_BIN, postgresUnavailable } from './postgres';

export const PATRONI = process.env.PATRONI_PATH ?? '/usr/bin/patroni';

/** Why Patroni cannot run here, or null when it can. */
export function patroniUnavailable(): string | null {
  const postgres = postgresUnavailable();
  if (postgres !== null) return postgres;
  const probe = spawnSync(PATRONI, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return probe.status === 0
    ? null
    : `Patroni is not installed (${PATRONI}): apt-get install patroni`;
}

/** How fast a dead primary is replaced: Patroni's defaults are 30, 10 and 10 seconds. */
export const FAILOVER_TIMING = { ttl: 12, loop_wait: 2, retry_timeout: 5 };

const SUPERUSER = { username: 'postgres', password: 'patroni-superuser' };
const REPLICATION = { username: 'replicator', password: 'patroni-replication' };

export type MemberRole = 'leader' | 'sync_standby' | 'replica';

export interface ClusterMember {
  name: string;
  role: MemberRole;
  state: string;
  timeline?: number;
}

export interface PatroniNode {
  name: string;
  /** PostgreSQL's port. */
  port: number;
  /** Patroni's REST API port (`GET /primary` answers 200 on the primary alone). */
  apiPort: number;
  running(): boolean;
  /** Starts Patroni (again, after a kill: it rejoins as a standby). */
  start(): void;
  /** Kills Patroni and its PostgreSQL with SIGKILL, as a machine dies. */
  kill(): Promise<void>;
  log(chars?: number): string;
}

export interface PatroniCluster {
  nodes: readonly PatroniNode[];
  /** The members as a running node's Patroni sees them (GET /cluster). */
  members(): Promise<ClusterMember[] | null>;
  /** The node whose REST API says it is the primary now, or null. */
  primary(): Promise<PatroniNode | null>;
  /**
   * Waits for a leader running, writable, and `standbys` standbys on its timeline, one of
   * them synchronous; the leader.
   */
  settled(standbys: number, timeoutMs: number): Promise<PatroniNode>;
  /** A superuser URL for `database` on `node`. */
  url(node: PatroniNode, database?: string): string;
  log(): string;
  stop(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

/** Gives the `postgres` user a folder and everything in it, when this process is root. */
function giveToPostgres(dir: string): void {
  if (!asRoot) return;
  const { uid, gid } = postgresIds();
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    chownSync(join(entry.parentPath, entry.name), uid, gid);
  }
}

function nodeConfig(
  name: string,
  dir: string,
  ports: { port: number; apiPort: number },
  etcdHosts: readonly string[],
): Record<string, unknown> {
  return {
    scope: 'shop-records',
    namespace: '/shop/',
    name,
    log: { level: 'INFO' },
    restapi: {
      listen: `127.0.0.1:${ports.apiPort}`,
      connect_address: `127.0.0.1:${ports.apiPort}`,
    },
    etcd3: { hosts: [...etcdHosts] },
    bootstrap: {
      dcs: {
        ...FAILOVER_TIMING,
        maximum_lag_on_failover: 1_048_576,
        synchronous_mode: true,
        synchronous_mode_strict: true,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            max_connections: 100,
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C' }, 'no-sync'],
    },
    postgresql: {
      listen: `127.0.0.1:${ports.port}`,
      connect_address: `127.0.0.1:${ports.port}`,
      data_dir: join(dir, 'data'),
      bin_dir: POSTGRES_BIN,
      pgpass: join(dir, 'pgpass'),
      authentication: { superuser: SUPERUSER, replication: REPLICATION },
      parameters: { unix_socket_directories: dir },
      pg_hba: [
        'local all all trust',
        'host replication replicator 127.0.0.1/32 scram-sha-256',
        'host all all 127.0.0.1/32 scram-sha-256',
      ],
    },
  };
}

async function restGet(apiPort: number, path: string): Promise<Response | null> {
  try {
    return await fetch(`http://127.0.0.1:${apiPort}${path}`, {
      signal: AbortSignal.timeout(2000),
    });
  } catch {
    return null;
  }
}

/** Whether the node answers `GET /primary` with 200: Patroni holds the leader key there. */
export async function isPrimary(apiPort: number): Promise<boolean> {
  const response = await restGet(apiPort, '/primary');
  await response?.body?.cancel();
  return response?.status === 200;
}

export async function startPatroniCluster(
  dir: string,
  etcd: EtcdCluster,
  taken: Set<number>,
  size = 3,
): Promise<PatroniCluster> {
  const reason = patroniUnavailable();
  if (reason !== null) throw new Error(reason);
  const nodes: PatroniNode[] = [];
  for (let index = 1; index <= size; index += 1) {
    const name = `pg${index}`;
    const nodeDir = join(dir, name);
    mkdirSync(nodeDir, { recursive: true });
    const ports = {
      port: await restartablePort({ taken }),
      apiPort: await restartablePort({ taken }),
    };
    const configFile = join(nodeDir, 'patroni.yml');
    writeFileSync(configFile, stringify(nodeConfig(name, nodeDir, ports, etcd.hosts)));
    giveToPostgres(nodeDir);
    let process: OwnedProcess | null = null;
    const logFile = join(dir, `${name}.log`);
    nodes.push({
      name,
      ...ports,
      running: () => process?.running() ?? false,
      start() {
        if (process?.running()) return;
        process = startOwnedProcess({
          command: asRoot ? 'runuser' : PATRONI,
          args: asRoot ? ['-u', 'postgres', '--', PATRONI, configFile] : [configFile],
          logFile,
          pidFiles: [join(nodeDir, 'data', 'postmaster.pid')],
        });
      },
      async kill() {
        await process?.kill();
      },
      log: (chars) => process?.log(chars) ?? '',
    });
  }
  const url = (node: PatroniNode, database = 'postgres') =>
    `postgres://${SUPERUSER.username}:${SUPERUSER.password}@127.0.0.1:${node.port}/${database}`;
  const cluster: PatroniCluster = {
    nodes,
    async members() {
      for (const node of nodes.filter((candidate) => candidate.running())) {
        const response = await restGet(node.apiPort, '/cluster');
        if (response?.ok) {
          const body = (await response.json()) as { members?: ClusterMember[] };
          return body.members ?? [];
        }
        await response?.body?.cancel();
      }
      return null;
    },
    async primary() {
      for (const node of nodes.filter((candidate) => candidate.running())) {
        if (await isPrimary(node.apiPort)) return node;
      }
      return null;
    },
    async settled(standbys, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const members = (await cluster.members()) ?? [];
        const leader = members.find((m) => m.role === 'leader' && m.state === 'running');
        // A standby counts once it follows the leader's timeline: a node that was primary
        // before is rewound first (pg_rewind) and only then catches up.
        const ready = members.filter(
          (m) => m.role !== 'leader' && m.state === 'running' && m.timeline === leader?.timeline,
        );
        const primary = await cluster.primary();
        if (
          leader &&
          primary?.name === leader.name &&
          ready.length >= standbys &&
          ready.some((m) => m.role === 'sync_standby') &&
          (await writable(url(primary)))
        ) {
          return primary;
        }
        if (Date.now() > deadline) {
          throw new Error(
            `the Patroni cluster did not settle (${JSON.stringify(members)}):\n${cluster.log()}`,
          );
        }
        await sleep(250);
      }
    },
    url,
    log: () =>
      [...nodes.map((node) => `--- ${node.name}\n${node.log(3000)}`), etcd.log()].join('\n'),
    async stop() {
      await Promise.all(nodes.map((node) => node.kill()));
    },
  };
  for (const node of nodes) node.start();
  return cluster;
}

/** Runs one statement, or a query, through `url` (the superuser's, from `cluster.url`). */
export async function superuserQuery<R extends pg.QueryResultRow>(
  url: string,
  text: string,
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The PIDs of the primary's WAL senders (one streams its WAL to each standby): stopped,
 * they hold the standbys back as a slow network would, while the primary goes on.
 */
export async function walSenderPids(url: string): Promise<number[]> {
  const rows = await superuserQuery<{ pid: number }>(url, 'select pid from pg_stat_replication');
  return rows.map((row) => row.pid);
}

/** Whether a superuser can write through `url` now (the primary, with its standby there). */
async function writable(url: string): Promise<boolean> {
  const rows = await superuserQuery<{ recovery: boolean }>(
    url,
    'select pg_is_in_recovery() as recovery',
  ).catch(() => []);
  return rows[0]?.recovery === false;
}
