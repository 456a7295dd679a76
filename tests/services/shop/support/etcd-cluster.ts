/**
 * Three etcd members on loopback (Debian's etcd-server), the store Patroni keeps its leader
 * key in: each with its own client and peer ports (below the ephemeral range, so a member
 * could come back on its own) and its own data folder under `dir`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { restartablePort } from '../../../../tools/cluster/restartable-port';
import { startOwnedProcess, type OwnedProcess } from './owned-process';

export const ETCD = process.env.ETCD_PATH ?? '/usr/bin/etcd';

/** Why etcd cannot run here, or null when it can. */
export function etcdUnavailable(): string | null {
  const probe = spawnSync(ETCD, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return probe.status === 0 ? null : `etcd is not installed (${ETCD}): apt-get install etcd-server`;
}

export interface EtcdCluster {
  /** host:port of every member's client listener, as Patroni's `etcd3.hosts` takes them. */
  hosts: readonly string[];
  members: readonly OwnedProcess[];
  log(): string;
  stop(): Promise<void>;
}

async function healthy(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/health`, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json()) as { health?: string };
    return response.ok && body.health === 'true';
  } catch {
    return false;
  }
}

export async function startEtcdCluster(
  dir: string,
  taken: Set<number>,
  timeoutMs = 60_000,
): Promise<EtcdCluster> {
  const names = ['etcd1', 'etcd2', 'etcd3'];
  const ports = [];
  for (const name of names) {
    ports.push({
      name,
      client: await restartablePort({ taken }),
      peer: await restartablePort({ taken }),
    });
  }
  const initial = ports.map((p) => `${p.name}=http://127.0.0.1:${p.peer}`).join(',');
  const token = `shop-records-${ports[0]?.peer ?? 0}`;
  const members: OwnedProcess[] = [];
  const cluster: EtcdCluster = {
    hosts: ports.map((p) => `127.0.0.1:${p.client}`),
    members,
    log: () => members.map((member, n) => `--- ${names[n]}\n${member.log(2000)}`).join('\n'),
    // A throwaway store: killed, not stopped (a member stopping waits to hand its lead on).
    stop: async () => {
      await Promise.all(members.map((member) => member.kill()));
    },
  };
  for (const p of ports) {
    const data = join(dir, p.name);
    mkdirSync(data, { recursive: true });
    members.push(
      startOwnedProcess({
        command: ETCD,
        logFile: join(dir, `${p.name}.log`),
        args: [
          `--name=${p.name}`,
          `--data-dir=${data}`,
          `--listen-client-urls=http://127.0.0.1:${p.client}`,
          `--advertise-client-urls=http://127.0.0.1:${p.client}`,
          `--listen-peer-urls=http://127.0.0.1:${p.peer}`,
          `--initial-advertise-peer-urls=http://127.0.0.1:${p.peer}`,
          `--initial-cluster=${initial}`,
          '--initial-cluster-state=new',
          `--initial-cluster-token=${token}`,
          '--log-level=warn',
          '--logger=zap',
        ],
      }),
    );
  }
  const deadline = Date.now() + timeoutMs;
  try {
    for (const host of cluster.hosts) {
      while (!(await healthy(host))) {
        if (members.some((member) => !member.running()) || Date.now() > deadline) {
          throw new Error(`etcd did not become healthy at ${host}:\n${cluster.log()}`);
        }
        await sleep(200);
      }
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
