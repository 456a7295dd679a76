/**
 * A chain's shop service on loopback, for the high-availability suite: three etcd members,
 * a Patroni cluster of PostgreSQL 15 nodes, a database and role for the service, and
 * replicas of `npm run shop-service`, each reaching the primary through its own proxy
 * (primary-proxy.ts, as each application machine would run its own HAProxy). Counters'
 * logins and the kiosk's certificate are written before the replicas start.
 *
 * Every part is registered with `teardown` as soon as it runs, so a start that fails half
 * way still stops what it started.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restartablePort } from '../../../../tools/cluster/restartable-port';
import { saveCertificate } from '../../../../services/shop/certificates/certificate-store';
import { openServices } from '../../../../services/shop/server/start-service';
import { startEtcdCluster, type EtcdCluster } from './etcd-cluster';
import {
  startPatroniCluster,
  superuserQuery,
  type PatroniCluster,
  type PatroniNode,
} from './patroni-cluster';
import { startPrimaryProxy } from './primary-proxy';
import { startServiceProcess, type ServiceProcess } from './service-process';
import { addLogin, type ShopWorld } from './shop-world';

const SHOP_ROLE = { username: 'shop', password: 'shop-records-ha' };

export interface ChainOptions {
  world: ShopWorld;
  replicas: number;
  postgresNodes: number;
  /** Logins `counter-1` … `counter-N`, named `Counter 1` … */
  counters: number;
  /** Where each started part's stop goes. */
  teardown: (() => Promise<void> | void)[];
}

export interface ShopChain {
  etcd: EtcdCluster;
  cluster: PatroniCluster;
  /** The first primary. */
  first: PatroniNode;
  services: ServiceProcess[];
  /** ms from the start until the cluster had a primary and its standbys. */
  clusterStartMs: number;
}

export async function startShopChain(options: ChainOptions): Promise<ShopChain> {
  const { teardown, world } = options;
  const began = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'shop-records-ha-'));
  // The postgres user reaches its nodes' folders through this one.
  chmodSync(dir, 0o755);
  teardown.push(() => rmSync(dir, { recursive: true, force: true }));
  const taken = new Set<number>();

  const etcd = await startEtcdCluster(join(dir, 'etcd'), taken);
  teardown.push(() => etcd.stop());
  const cluster = await startPatroniCluster(dir, etcd, taken, options.postgresNodes);
  teardown.push(() => cluster.stop());
  const first = await cluster.settled(options.postgresNodes - 1, 180_000);
  const clusterStartMs = Date.now() - began;

  const { username, password } = SHOP_ROLE;
  await superuserQuery(cluster.url(first), `create role ${username} login password '${password}'`);
  await superuserQuery(cluster.url(first), `create database shop owner ${username}`);

  const urls: string[] = [];
  for (let index = 0; index < options.replicas; index += 1) {
    const proxy = await startPrimaryProxy(cluster.nodes, taken);
    teardown.push(() => proxy.close());
    urls.push(`postgres://${username}:${password}@127.0.0.1:${proxy.port}/shop`);
  }
  const seeded = await openServices({ engine: 'postgresql', url: urls[0] ?? '' }, world.trust);
  try {
    for (const kiosk of world.kiosks) {
      await saveCertificate(seeded.services.db, kiosk.envelope, Date.now());
    }
    for (let index = 1; index <= options.counters; index += 1) {
      await addLogin(seeded.services, `counter-${index}`, 'counter', `Counter ${index}`);
    }
  } finally {
    await seeded.database.close();
  }

  const services = await Promise.all(
    urls.map(async (url) => {
      const port = await restartablePort({ taken });
      const service = await startServiceProcess(
        ['--port', String(port), `--enrolment-key=${world.enrolment.publicText}`],
        { DATABASE_URL: url },
      );
      teardown.push(() => service.kill());
      return service;
    }),
  );
  return { etcd, cluster, first, services, clusterStartMs };
}
