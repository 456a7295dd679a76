/**
 * A 3-node nats-server cluster on loopback (the Debian package, started and stopped here):
 * free ports, a temporary folder with each node's config, JetStream store and log, the
 * fleet's users and permissions (nats-cluster-config.ts), and for each node a WebSockets
 * bridge to its MQTT listener for the console (ws-tcp-bridge.ts). For `npm run
 * fleet:cluster`, the cluster tests and the bench. Every node is a child process stopped by
 * its own PID; dispose() stops them all and removes the folder. Each node also has a
 * watchdog (`sh`, reading its stdin from here): if this process dies without stopping the
 * nodes, the pipe closes and the watchdog kills its node, so no node outlives its owner.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { BROKER_MESSAGE_SIZE_LIMIT } from '../../shared/fleet/message-limits';
import { restartablePort } from './restartable-port';
import { startWsTcpBridge, type WsTcpBridge } from './ws-tcp-bridge';
import {
  nodeConfig,
  usersConfig,
  type ClusterLogins,
  type ClusterNodePorts,
} from './nats-cluster-config';

export const NATS_SERVER = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';

/** Why nats-server cannot run here, or null when it can. */
export function natsServerUnavailable(): string | null {
  const probe = spawnSync(NATS_SERVER, ['--version'], { encoding: 'utf8', timeout: 5000 });
  if (probe.error !== undefined || probe.status !== 0) {
    return `${NATS_SERVER} is not installed (apt-get install nats-server)`;
  }
  return null;
}

export interface ClusterNode {
  readonly name: string;
  readonly ports: ClusterNodePorts;
  /** `mqtt://127.0.0.1:PORT`: the kiosks' listener. */
  readonly mqttUrl: string;
  /** `ws://127.0.0.1:PORT`: the console's. */
  readonly wsUrl: string;
  readonly running: boolean;
  /** The node's process id while it runs. */
  readonly pid: number | undefined;
  /** Stops the node: SIGKILL is a crash, SIGTERM a clean stop. Resolves once it exited. */
  stop(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /**
   * A planned stop: lame duck mode closes the node's clients over a few seconds (their Last
   * Wills published), then the node exits. Resolves once it exited.
   */
  lameDuck(): Promise<void>;
  /** Starts it again on the same ports and store; resolves once it serves MQTT again. */
  start(): Promise<void>;
  log(): string;
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

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long one readiness probe may wait for its CONNACK, and then for its SUBACK. */
const PROBE_TIMEOUT_MS = 3000;

/**
 * Whether the node takes an MQTT session (JetStream up and its streams placed): a login
 * with a QoS 1 subscription, refused or timed out while the cluster is still forming. A
 * node can close the connection without a CONNACK (MQTT.js's connectAsync then never
 * settles) or hold the subscription without ever answering, so every step has its own
 * timer and the probe always ends, in PROBE_TIMEOUT_MS a step at most.
 */
async function servesMqtt(
  url: string,
  login: { username: string; password: string },
  prefix: string,
): Promise<boolean> {
  const client = mqtt.connect(url, {
    ...login,
    clientId: `ready-${Math.random().toString(16).slice(2, 10)}`,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: PROBE_TIMEOUT_MS,
  });
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const within = <T>(step: Promise<T>, otherwise: T): Promise<T> =>
    Promise.race([
      step,
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(otherwise), PROBE_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
  try {
    const connected = await within(
      new Promise<boolean>((resolve) => {
        client.once('connect', () => resolve(true));
        client.once('close', () => resolve(false));
      }),
      false,
    );
    if (!connected) return false;
    const granted = await within(
      client.subscribeAsync(`${prefix}/fleet/revocations`, { qos: 1 }).catch(() => null),
      null,
    );
    return granted !== null && granted.every((grant) => grant.qos !== 128);
  } finally {
    client.end(true);
  }
}

export async function startNatsCluster(options: NatsClusterOptions): Promise<NatsCluster> {
  const reason = natsServerUnavailable();
  if (reason) throw new Error(reason);
  const size = options.size ?? 3;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-nats-cluster-'));
  const usersFile = 'users.conf';
  writeFileSync(join(dir, usersFile), usersConfig(options.logins), { mode: 0o600 });
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
  const routes = ports.map((port) => port.route);

  const nodes = ports.map(
    (
      nodePorts,
      index,
    ): ClusterNode & { spawnNode(): void; ready(deadline?: number): Promise<void> } => {
      const name = `node-${index + 1}`;
      const configFile = join(dir, `${name}.conf`);
      const logFile = join(dir, `${name}.log`);
      const storeDir = join(dir, `${name}-store`);
      mkdirSync(storeDir, { recursive: true });
      writeFileSync(
        configFile,
        nodeConfig({
          name,
          ports: nodePorts,
          routes,
          storeDir,
          logins: options.logins,
          maxPayload: BROKER_MESSAGE_SIZE_LIMIT,
          usersFile,
        }),
        { mode: 0o600 },
      );
      let child: ChildProcess | null = null;
      let watchdog: ChildProcess | null = null;
      let stderr = '';
      const mqttUrl = `mqtt://127.0.0.1:${nodePorts.mqtt}`;
      const node = {
        name,
        ports: nodePorts,
        mqttUrl,
        wsUrl: `ws://127.0.0.1:${nodePorts.ws}`,
        get running() {
          return child !== null && child.exitCode === null && child.signalCode === null;
        },
        get pid() {
          return child?.pid;
        },
        log: () => {
          try {
            return readFileSync(logFile, 'utf8') + stderr;
          } catch {
            return stderr;
          }
        },
        spawnNode: () => {
          const started = spawn(NATS_SERVER, ['-c', configFile, '-l', logFile], {
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          // A config it refuses is said on stderr, before any log file exists.
          started.stderr.setEncoding('utf8');
          started.stderr.on('data', (chunk: string) => {
            stderr = (stderr + chunk).slice(-4000);
          });
          child = started;
          if (started.pid !== undefined) {
            // Waits on its stdin; EOF (this process gone) kills the node. `$0` is the node's PID.
            watchdog = spawn(
              'sh',
              ['-c', 'read _ignored; kill -9 "$0" 2>/dev/null', String(started.pid)],
              {
                stdio: ['pipe', 'ignore', 'ignore'],
              },
            );
            watchdog.stdin?.on('error', () => undefined);
          }
        },
        ready: async (deadline = Date.now() + startTimeoutMs) => {
          const started = child;
          for (const port of [nodePorts.mqtt]) {
            while (!(await canConnect(port))) {
              if (started?.exitCode !== null || Date.now() > deadline) {
                throw new Error(
                  `nats-server ${name} did not start on port ${port}:\n${node.log().slice(-4000)}`,
                );
              }
              await sleep(100);
            }
          }
          while (!(await servesMqtt(mqttUrl, options.logins.operator, options.logins.prefix))) {
            if (Date.now() > deadline) {
              throw new Error(
                `nats-server ${name} does not serve MQTT yet:\n${node.log().slice(-4000)}`,
              );
            }
            await sleep(250);
          }
        },
        stop: async (signal: 'SIGKILL' | 'SIGTERM' = 'SIGTERM') => {
          const running = child;
          child = null;
          // The watchdog first: it must never outlive its node's PID.
          watchdog?.kill('SIGKILL');
          watchdog = null;
          if (!running || running.exitCode !== null || running.signalCode !== null) return;
          const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
          running.kill(signal);
          const killed = setTimeout(() => running.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(killed);
        },
        lameDuck: async () => {
          const running = child;
          if (!running || running.pid === undefined || !node.running) return;
          const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
          spawnSync(NATS_SERVER, ['--signal', `ldm=${running.pid}`], { timeout: 5000 });
          const killed = setTimeout(() => running.kill('SIGKILL'), 45_000);
          await exited;
          clearTimeout(killed);
          watchdog?.kill('SIGKILL');
          watchdog = null;
          child = null;
        },
        start: async () => {
          if (node.running) return;
          node.spawnNode();
          await node.ready();
        },
      };
      return node;
    },
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
    for (const node of nodes) {
      bridges.push(await startWsTcpBridge(node.ports.ws, node.ports.mqtt));
    }
    for (const node of nodes) node.spawnNode();
    // One node at a time: the first MQTT session of a cluster creates its JetStream streams,
    // and three nodes creating them at once could leave a stream with a replica too many
    // ("replicas mismatch: current is 4") and a node that never served MQTT.
    const deadline = Date.now() + startTimeoutMs;
    for (const node of nodes) await node.ready(deadline);
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
