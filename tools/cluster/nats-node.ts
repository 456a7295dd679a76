/**
 * One node of the loopback NATS cluster (nats-cluster.ts): its config, JetStream store and
 * log in the cluster's folder, its nats-server process with a watchdog (`sh`, reading its
 * stdin from here: if this process dies without stopping the node, the pipe closes and the
 * watchdog kills it), and the probes that say when it serves MQTT.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { BROKER_MESSAGE_SIZE_LIMIT } from '../../shared/fleet/message-limits';
import { nodeConfig, type ClusterLogins, type ClusterNodePorts } from './nats-cluster-config';
import { canConnect } from './restartable-port';

export const NATS_SERVER = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';

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

/** A node as the cluster drives it: first spawned, then waited for, all together. */
export interface ManagedNode extends ClusterNode {
  spawnNode(): void;
  ready(deadline?: number): Promise<void>;
}

export interface NodeSetup {
  name: string;
  ports: ClusterNodePorts;
  /** Every node's route port, its own included. */
  routes: readonly number[];
  /** The cluster's folder, and the users file in it every node includes. */
  dir: string;
  usersFile: string;
  logins: ClusterLogins;
  startTimeoutMs: number;
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

/** Writes the node's config and makes its store; returns the config and log files. */
function writeNodeFiles(setup: NodeSetup): { configFile: string; logFile: string } {
  const { dir, name } = setup;
  const configFile = join(dir, `${name}.conf`);
  const logFile = join(dir, `${name}.log`);
  const storeDir = join(dir, `${name}-store`);
  mkdirSync(storeDir, { recursive: true });
  writeFileSync(
    configFile,
    nodeConfig({
      name,
      ports: setup.ports,
      routes: setup.routes,
      storeDir,
      logins: setup.logins,
      maxPayload: BROKER_MESSAGE_SIZE_LIMIT,
      usersFile: setup.usersFile,
    }),
    { mode: 0o600 },
  );
  return { configFile, logFile };
}

/** A watchdog for the process `pid`: it waits on its stdin, and EOF (this process gone) kills it. */
function spawnWatchdog(pid: number): ChildProcess {
  // `$0` is the node's PID.
  const watchdog = spawn('sh', ['-c', 'read _ignored; kill -9 "$0" 2>/dev/null', String(pid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.stdin.on('error', () => undefined);
  return watchdog;
}

/**
 * Waits until the node `started` listens on its MQTT port and takes a session, or fails
 * with its log once it exited or `deadline` passed.
 */
async function waitUntilServing(
  node: ClusterNode,
  started: ChildProcess | null,
  logins: ClusterLogins,
  deadline: number,
): Promise<void> {
  for (const port of [node.ports.mqtt]) {
    while (!(await canConnect(port))) {
      if (started?.exitCode !== null || Date.now() > deadline) {
        throw new Error(
          `nats-server ${node.name} did not start on port ${port}:\n${node.log().slice(-4000)}`,
        );
      }
      await sleep(100);
    }
  }
  while (!(await servesMqtt(node.mqttUrl, logins.operator, logins.prefix))) {
    if (Date.now() > deadline) {
      throw new Error(
        `nats-server ${node.name} does not serve MQTT yet:\n${node.log().slice(-4000)}`,
      );
    }
    await sleep(250);
  }
}

/** Asks `running` to stop (`stop`), kills it after `graceMs`; resolves once it exited. */
async function stopProcess(
  running: ChildProcess,
  graceMs: number,
  stop: () => void,
): Promise<void> {
  const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
  stop();
  const killed = setTimeout(() => running.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killed);
}

export function createNode(setup: NodeSetup): ManagedNode {
  const { name, ports } = setup;
  const { configFile, logFile } = writeNodeFiles(setup);
  let child: ChildProcess | null = null;
  let watchdog: ChildProcess | null = null;
  let stderr = '';
  const node: ManagedNode = {
    name,
    ports,
    mqttUrl: `mqtt://127.0.0.1:${ports.mqtt}`,
    wsUrl: `ws://127.0.0.1:${ports.ws}`,
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
      if (started.pid !== undefined) watchdog = spawnWatchdog(started.pid);
    },
    ready: (deadline = Date.now() + setup.startTimeoutMs) =>
      waitUntilServing(node, child, setup.logins, deadline),
    stop: async (signal: 'SIGKILL' | 'SIGTERM' = 'SIGTERM') => {
      const running = child;
      child = null;
      // The watchdog first: it must never outlive its node's PID.
      watchdog?.kill('SIGKILL');
      watchdog = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await stopProcess(running, 5000, () => running.kill(signal));
    },
    lameDuck: async () => {
      const running = child;
      if (!running || running.pid === undefined || !node.running) return;
      const pid = running.pid;
      await stopProcess(running, 45_000, () => {
        spawnSync(NATS_SERVER, ['--signal', `ldm=${pid}`], { timeout: 5000 });
      });
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
}
