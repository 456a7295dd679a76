/**
 * `npm run bench -- --fleet --cluster --kiosks N`: N simulated kiosks
 * (tools/simulator/simulated-kiosk.ts, the kiosk's own fleet code) on a 3-node NATS
 * cluster on loopback (tools/cluster/nats-cluster.ts, Debian's nats-server), each given every
 * node and drawing its own, health every 60 s; the operator's console open in headless
 * Chromium, connected through the WebSockets bridges of nodes 2 and 3. Timed as the
 * operator sees it:
 *
 * 1. every kiosk started at once: until the console's summary shows all of them online;
 * 2. a fleet-wide `ping` sent from the console: until it shows "N of N acknowledged";
 * 3. node 1 crashes (SIGKILL): until each of its kiosks has a session on another node
 *    (the failover time), and how those returns spread (the reconnect storm);
 * 4. over the whole run, the console page's longest task (its PerformanceObserver) and,
 *    at the end, its JavaScript heap after a garbage collection.
 *
 * Everything is on 127.0.0.1, every wait has a deadline, and everything started is stopped.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { buildConsole, CONSOLE_DIR, consoleNeedsBuild } from '../../tools/build/console-build';
import { startConsoleServer } from '../../tools/fleet-demo/fleet-console-server';
import { createSimulatedKiosk, type SimulatedKiosk } from '../../tools/simulator/simulated-kiosk';
import { startNatsCluster } from '../../tools/cluster/nats-cluster';
import { startWillKeeper } from '../../services/will-keeper/will-keeper';
import { DEFAULT_TOPIC_PREFIX } from '../../shared/fleet/topics';
import { BUDGETS } from '../budgets';
import { freshContext } from '../chromium';
import type { Check } from '../results';
import {
  addConsoleProbes,
  longFramesSince,
  longTasksSince,
  type LongFrame,
} from './console-probes';
import { pingFleet, shownWithin } from './fleet-ping';
import { reconnectStorm, type ReconnectStorm } from './reconnect-storm';

export type ClusterPhase = 'opening' | 'arrival' | 'ping' | 'failover';

export interface ClusterFleetFigures {
  kiosks: number;
  nodes: number;
  keepaliveSeconds: number;
  healthSeconds: number;
  /** Kiosks on each node after the start. */
  perNode: number[];
  /** Start of all kiosks → the console showed all online; null: not within the deadline. */
  onlineMs: number | null;
  /** 'Send ping' submitted → the console showed "N of N acknowledged, 0 errors". */
  pingMs: number | null;
  failover: ReconnectStorm & {
    /** Kiosks that were on the crashed node. */
    victims: number;
    /** Node killed → the last of its kiosks had a session on another node; null: not all. */
    allMovedMs: number | null;
    /**
     * Node killed → the console showed half of its kiosks offline at once (the will keeper
     * saying the Last Wills the node took with it, while the first of them already come
     * back); null: not within the deadline.
     */
    shownOfflineMs: number | null;
  };
  console: {
    /** The longest task the page's PerformanceObserver saw (over 50 ms only; 0: none). */
    longestTaskMs: number;
    longTasks: number;
    /** The same, in each phase: the page opening, the fleet arriving, the ping, the failover. */
    phases: Record<ClusterPhase, { longestTaskMs: number; longTasks: number }>;
    /** The page's JavaScript heap after a collection at the end, bytes. */
    heapBytes: number;
    /** The frames over 50 ms, what each spent its time on (kept in the results file). */
    longFrames: LongFrame[];
  };
}

const ONLINE_DEADLINE_MS = 120_000;
const PING_DEADLINE_MS = 60_000;
const FAILOVER_DEADLINE_MS = 120_000;
const SETTLE_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openConsole(browser: Browser, origin: string): Promise<Page> {
  const context = await freshContext(browser);
  const page = await context.newPage();
  await addConsoleProbes(page);
  await page.goto(`${origin}/#/kiosks`);
  await page.getByRole('status').filter({ hasText: 'Connected to' }).waitFor({ timeout: 60_000 });
  return page;
}

type Cleanups = (() => Promise<unknown>)[];
type Cluster = Awaited<ReturnType<typeof startNatsCluster>>;
type Say = (line: string) => void;

const OPERATOR = { username: 'operator', password: 'operator-secret' };
const KEEPER_LOGIN = { username: 'will-keeper', password: 'keeper-secret' };

/** The cluster with a login per kiosk, and the will keeper a chain runs beside it. */
async function startClusterAndKeeper(ids: readonly string[], cleanups: Cleanups, say: Say) {
  const prefix = DEFAULT_TOPIC_PREFIX;
  say(`A 3-node NATS cluster with ${ids.length} kiosk users`);
  const cluster = await startNatsCluster({
    logins: {
      prefix,
      operator: OPERATOR,
      counters: {},
      kiosks: Object.fromEntries(ids.map((id) => [id, `pw-${id}`])),
      keeper: KEEPER_LOGIN,
    },
    startTimeoutMs: 60_000,
  });
  cleanups.unshift(() => cluster.dispose());
  // As a chain runs it beside its cluster: says the wills a crashed node takes with it.
  const keeper = startWillKeeper({
    brokerUrls: cluster.mqttUrls,
    prefix,
    ...KEEPER_LOGIN,
    log: (line) => say(`  ${line} (${new Date().toISOString().slice(11, 23)})`),
  });
  cleanups.unshift(() => keeper.close());
  const [first, second, third] = cluster.nodes;
  if (!first || !second || !third) throw new Error('a cluster of fewer than three nodes');
  return { cluster, nodes: [first, second, third] as const };
}

/** The console, connected through nodes 2 and 3 (node 1 is the one that crashes). */
async function openClusterConsole(
  browser: Browser,
  brokerUrls: readonly string[],
  cleanups: Cleanups,
  say: Say,
): Promise<Page> {
  if (consoleNeedsBuild()) {
    say('Building the console (out/console)');
    await buildConsole();
  }
  const server = await startConsoleServer({
    port: 0,
    staticDir: CONSOLE_DIR,
    presets: {
      brokerUrl: brokerUrls.join(','),
      username: OPERATOR.username,
      password: OPERATOR.password,
      topicPrefix: DEFAULT_TOPIC_PREFIX,
      catalogueUrl: '/api',
    },
  });
  cleanups.unshift(() => server.close());
  const page = await openConsole(browser, server.origin);
  cleanups.unshift(() => page.context().close());
  return page;
}

/**
 * A sampled CPU profile of the console page over the run, for DevTools, when asked for;
 * BENCH_TRACE_FILE=path keeps a Chromium trace of it with V8's GC events (a long task with
 * no script in it is most often a garbage collection). Returns what stops them.
 */
async function startRecording(
  browser: Browser,
  page: Page,
  cpuProfileFile: string | undefined,
): Promise<() => Promise<void>> {
  const profiler = cpuProfileFile ? await page.context().newCDPSession(page) : null;
  const tracing = process.env.BENCH_TRACE_FILE;
  if (tracing) {
    await browser.startTracing(page, {
      path: tracing,
      categories: ['devtools.timeline', 'v8', 'disabled-by-default-v8.gc', 'blink.user_timing'],
    });
  }
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  return async () => {
    if (tracing) await browser.stopTracing();
    if (profiler && cpuProfileFile) {
      const { profile } = await profiler.send('Profiler.stop');
      writeFileSync(cpuProfileFile, JSON.stringify(profile));
      await profiler.detach();
    }
  };
}

/** The simulated fleet, and when each kiosk's sessions were accepted and attempts began. */
interface Fleet {
  kiosks: SimulatedKiosk[];
  sessions: Map<string, number[]>;
  attempts: number[];
}

function createFleet(
  ids: readonly string[],
  brokerUrls: readonly string[],
  cleanups: Cleanups,
): Fleet {
  const { keepaliveSeconds, healthSeconds } = BUDGETS.fleetCluster;
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const fleet: Fleet = { kiosks: [], sessions: new Map(), attempts: [] };
  for (const kioskId of ids) {
    fleet.kiosks.push(
      createSimulatedKiosk({
        brokerUrls,
        kioskId,
        topicPrefix: DEFAULT_TOPIC_PREFIX,
        username: kioskId,
        password: `pw-${kioskId}`,
        healthSeconds,
        keepaliveSeconds,
        shoppers: false,
        log: quiet,
        onConnection: (connection) => {
          fleet.attempts.push(Date.now());
          connection.once('connect', () => {
            const times = fleet.sessions.get(kioskId) ?? [];
            times.push(Date.now());
            fleet.sessions.set(kioskId, times);
          });
        },
      }),
    );
  }
  cleanups.unshift(() => Promise.all(fleet.kiosks.map((kiosk) => kiosk.stop())));
  return fleet;
}

/** Every kiosk started at once, until the console shows all of them online. */
async function arrival(page: Page, fleet: Fleet, cluster: Cluster, say: Say) {
  const count = fleet.kiosks.length;
  say(`Starting ${count} kiosks at once; the console watches`);
  const startedAt = Date.now();
  for (const kiosk of fleet.kiosks) kiosk.start();
  const shownOnline = await shownWithin(
    page,
    { kind: 'summary', label: 'Online', value: count },
    ONLINE_DEADLINE_MS,
  );
  const onlineMs = shownOnline === null ? null : shownOnline - startedAt;
  const perNode = cluster.nodes.map(
    (node) => fleet.kiosks.filter((kiosk) => kiosk.client.brokerUrl === node.mqttUrl).length,
  );
  say(`  online in the console: ${onlineMs ?? 'not all'} ms; per node ${perNode.join(', ')}`);
  return { onlineMs, perNode };
}

/** Node 1 killed: until each of its kiosks has a session elsewhere, and the console saw it. */
async function failover(
  page: Page,
  fleet: Fleet,
  node: Cluster['nodes'][number],
  say: Say,
): Promise<ClusterFleetFigures['failover']> {
  const victims = fleet.kiosks.filter((kiosk) => kiosk.client.brokerUrl === node.mqttUrl);
  say(`Node 1 crashes (SIGKILL) with ${victims.length} kiosks on it`);
  const killedAt = Date.now();
  await node.stop('SIGKILL');
  const shownOffline = shownWithin(
    page,
    { kind: 'summary', label: 'Offline', value: Math.floor(victims.length / 2) },
    FAILOVER_DEADLINE_MS,
  );
  const movedCount = (): number =>
    victims.filter((kiosk) => (fleet.sessions.get(kiosk.kioskId)?.at(-1) ?? 0) >= killedAt).length;
  const deadline = killedAt + FAILOVER_DEADLINE_MS;
  while (movedCount() < victims.length && Date.now() < deadline) await sleep(50);
  const victimSessions = new Map(
    victims.map((kiosk) => [kiosk.kioskId, fleet.sessions.get(kiosk.kioskId) ?? []]),
  );
  const storm = reconnectStorm(killedAt, victimSessions, fleet.attempts, 0);
  const allMovedMs =
    movedCount() < victims.length || storm.spreadMs === null ? null : storm.spreadMs.max;
  const offlineAt = await shownOffline;
  const shownOfflineMs = offlineAt === null ? null : offlineAt - killedAt;
  say(`  half shown offline in the console: ${shownOfflineMs ?? 'not'} ms`);
  say(`  all moved: ${allMovedMs ?? 'not all'} ms; peak ${storm.peakPerSecond} sessions/s`);
  return { ...storm, victims: victims.length, allMovedMs, shownOfflineMs };
}

/** The console page's long tasks, in all and by phase (page clock starts), and its heap. */
async function consoleFigures(
  page: Page,
  starts: Omit<Record<ClusterPhase, number>, 'opening'>,
): Promise<ClusterFleetFigures['console']> {
  const longTasks = await longTasksSince(page, 0);
  const longFrames = await longFramesSince(page, 0);
  const inPhase = (from: number, to: number) => {
    const tasks = longTasks.filter((task) => task.startTime >= from && task.startTime < to);
    return {
      longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
      longTasks: tasks.length,
    };
  };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return {
    longestTaskMs: Math.round(Math.max(0, ...longTasks.map((task) => task.duration))),
    longTasks: longTasks.length,
    phases: {
      opening: inPhase(0, starts.arrival),
      arrival: inPhase(starts.arrival, starts.ping),
      ping: inPhase(starts.ping, starts.failover),
      failover: inPhase(starts.failover, Number.POSITIVE_INFINITY),
    },
    heapBytes: usedSize,
    longFrames,
  };
}

export async function measureClusterFleet(
  browser: Browser,
  options: { kiosks: number; cpuProfileFile?: string },
  say: Say,
): Promise<ClusterFleetFigures> {
  const { kiosks: count } = options;
  const { keepaliveSeconds, healthSeconds } = BUDGETS.fleetCluster;
  const width = Math.max(5, String(count).length);
  const ids = Array.from({ length: count }, (_, n) => `sim-${String(n + 1).padStart(width, '0')}`);
  const cleanups: Cleanups = [];
  try {
    const { cluster, nodes } = await startClusterAndKeeper(ids, cleanups, say);
    const [first, second, third] = nodes;
    const page = await openClusterConsole(browser, [second.wsUrl, third.wsUrl], cleanups, say);
    const stopRecording = await startRecording(browser, page, options.cpuProfileFile);
    const fleet = createFleet(ids, cluster.mqttUrls, cleanups);
    /** The page's clock at the start of each phase, to tell which one a long task fell in. */
    const pageNow = (): Promise<number> => page.evaluate(() => performance.now());
    const starts = { arrival: await pageNow(), ping: 0, failover: 0 };
    const { onlineMs, perNode } = await arrival(page, fleet, cluster, say);
    await sleep(SETTLE_MS);
    starts.ping = await pageNow();
    const pingMs = await pingFleet(page, count, PING_DEADLINE_MS, say);
    await sleep(SETTLE_MS);
    starts.failover = await pageNow();
    const moved = await failover(page, fleet, first, say);
    await sleep(SETTLE_MS);
    await stopRecording();
    return {
      kiosks: count,
      nodes: cluster.nodes.length,
      keepaliveSeconds,
      healthSeconds,
      perNode,
      onlineMs,
      pingMs,
      failover: moved,
      console: await consoleFigures(page, starts),
    };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

/** The figures against BUDGETS.fleetCluster; judged only at the budgets' kiosk count. */
export function clusterFleetChecks(figures: ClusterFleetFigures): Check[] {
  const budget = BUDGETS.fleetCluster;
  const judged = figures.kiosks === budget.kiosks;
  const check = (name: string, value: number | null, limit: number, unit: string): Check => ({
    name,
    measured: value === null ? 'not reached' : `${value} ${unit}`,
    limit: `< ${limit} ${unit}`,
    status: !judged ? 'SKIP' : value !== null && value < limit ? 'PASS' : 'FAIL',
  });
  return [
    check('cluster: all online', figures.onlineMs, budget.onlineMs, 'ms'),
    check('cluster: fleet-wide ping acked', figures.pingMs, budget.pingMs, 'ms'),
    check(
      'cluster: failover (node killed)',
      figures.failover.allMovedMs,
      budget.failoverWithinKeepalives * budget.keepaliveSeconds * 1000,
      'ms',
    ),
    check(
      'cluster: console longest task',
      figures.console.longestTaskMs,
      budget.longestTaskMs,
      'ms',
    ),
    check(
      'cluster: console heap',
      Math.round(figures.console.heapBytes / 1024 / 1024),
      Math.round(budget.heapBytes / 1024 / 1024),
      'MiB',
    ),
  ];
}
