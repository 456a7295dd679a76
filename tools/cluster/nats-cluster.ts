/**
 * A 3-node nats-server cluster on loopback (the Debian package, started and stopped here):
 * free ports, a temporary folder with each node's config, JetStream store and log, the
 * fleet's users and permissions (nats-cluster-config.ts), and for each node a WebSockets
 * bridge to its MQTT listener for the console (ws-tcp-bridge.ts). For `npm run
 * fleet:cluster`, the cluster tests and the bench. Every node is a child process stopped by
 * its own PID; dispose() stops them all and removes the folder. Each node also has a
 * watchdog (nats-node.ts), so no node outlives its owner.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restartablePort } from './restartable-port';
import { startWsTcpBridge, type WsTcpBridge } from './ws-tcp-bridge';
import { usersConfig, type ClusterLogins, type ClusterNodePorts } from './nats-cluster-config';
import { createNode, NATS_SERVER, type ClusterNode, type ManagedNode } from './nats-node';

/** Why nats-server cannot run here, or null when it can. */
export function natsServerUnavailable(): string | null {
  const probe = spawnSync(NATS_SERVER, ['--version'], { encoding: 'utf8', timeout: 5000 });
  if (probe.error !== undefined || probe.status !== 0) {
    return `${NATS_SERVER} is not installed (apt-get install nats-server)`;
  }
  return null;
}

export interface NatsCluster {
  readonly nodes: readonly ClusterNode[];
  readonly dir: string;
  /** Every node's MQTT URL, as fleet.brokerUrls takes them. */
  readonly mqttUrls: readonly string[];
  readonly wsUrls: readonly string[];
  /** Stops every node (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** Stops every node and removes the folder. */
  dispose(): Promise<void>;
}

export interface NatsClusterOptions {
  logins: ClusterLogins;
  /** Default 3. */
  size?: number;
  /** How long a start may take before it fails, ms (default 30 s). */
  startTimeoutMs?: number;
}

/** Four ports a node (client, route, MQTT, WebSockets), none given twice. */
async function clusterPorts(size: number): Promise<ClusterNodePorts[]> {
  const ports: ClusterNodePorts[] = [];
  const taken = new Set<number>();
  // Nodes are stopped and started again on their ports: see restartable-port.ts.
  const freshPort = (): Promise<number> => restartablePort({ taken });
  for (let index = 0; index < size; index += 1) {
    ports.push({
      client: await freshPort(),
      route: await freshPort(),
      mqtt: await freshPort(),
      ws: await freshPort(),
    });
  }
  return ports;
}

/** Each node's WebSockets bridge, then the nodes, then waits until every one serves MQTT. */
async function startNodes(
  nodes: readonly ManagedNode[],
  bridges: WsTcpBridge[],
  startTimeoutMs: number,
): Promise<void> {
  for (const node of nodes) {
    bridges.push(await startWsTcpBridge(node.ports.ws, node.ports.mqtt));
  }
  for (const node of nodes) node.spawnNode();
  // One node at a time: the first MQTT session of a cluster creates its JetStream streams,
  // and three nodes creating them at once could leave a stream with a replica too many
  // ("replicas mismatch: current is 4") and a node that never served MQTT.
  const deadline = Date.now() + startTimeoutMs;
  for (const node of nodes) await node.ready(deadline);
}

export async function startNatsCluster(options: NatsClusterOptions): Promise<NatsCluster> {
  const reason = natsServerUnavailable();
  if (reason) throw new Error(reason);
  const size = options.size ?? 3;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-nats-cluster-'));
  const usersFile = 'users.conf';
  writeFileSync(join(dir, usersFile), usersConfig(options.logins), { mode: 0o600 });
  const ports = await clusterPorts(size);
  const routes = ports.map((port) => port.route);
  const nodes = ports.map((nodePorts, index) =>
    createNode({
      name: `node-${index + 1}`,
      ports: nodePorts,
      routes,
      dir,
      usersFile,
      logins: options.logins,
      startTimeoutMs,
    }),
  );

  const bridges: WsTcpBridge[] = [];
  const stopAll = async (): Promise<void> => {
    await Promise.all(nodes.map((node) => node.stop('SIGTERM')));
  };
  const closeAll = async (): Promise<void> => {
    await Promise.all(bridges.splice(0).map((bridge) => bridge.close()));
    await stopAll();
  };
  try {
    await startNodes(nodes, bridges, startTimeoutMs);
  } catch (error) {
    await closeAll();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    nodes,
    dir,
    mqttUrls: nodes.map((node) => node.mqttUrl),
    wsUrls: nodes.map((node) => node.wsUrl),
    stop: stopAll,
    dispose: async () => {
      await closeAll();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
