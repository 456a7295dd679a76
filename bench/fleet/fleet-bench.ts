/**
 * `npm run bench -- --fleet`: 1,000 simulated kiosks (tools/simulator/simulated-kiosk.ts,
 * the kiosk's own fleet code with a pretend shop behind each) against a real Mosquitto on
 * loopback, with the operator's console open in headless Chromium, timed as the operator
 * sees it:
 *
 * 1. the console open and connected to an empty fleet, then every kiosk started at once:
 *    the time until the console's summary shows all of them online;
 * 2. a fleet-wide `ping` sent from the console: until it shows "N of N acknowledged";
 * 3. a steady window (default 45 s) of health every 5 s from every kiosk while shoppers
 *    come and go: the console page's main-thread tasks from a Chromium trace, the longest
 *    of which must stay under 50 ms;
 * 4. the broker restarts (stopped, started again on the same ports): every kiosk and the
 *    console lose it at once and come back by their backoff with full jitter. The storm as
 *    the broker met it: how the kiosks' returns spread, the most sessions it accepted in
 *    any second (and any 100 ms), and until the console is connected again;
 * 5. 50 kiosks crash (their sockets dropped without a word), then the cable of 50 others is
 *    pulled (nothing more reaches the broker, nothing is closed): until the console shows
 *    each group offline. Both by the Last Will, the second only after the broker's
 *    keepalive expires (1.5 × the kiosks' 10 s keepalive).
 *
 * Everything is on 127.0.0.1, every wait has a deadline, and everything started is stopped.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import mqtt from 'mqtt';
import type { Browser, Page } from '@playwright/test';
import { buildConsole, CONSOLE_DIR, consoleNeedsBuild } from '../../tools/build/console-build';
import { startConsoleServer } from '../../tools/fleet-demo/fleet-console-server';
import { createSimulatedKiosk, type SimulatedKiosk } from '../../tools/simulator/simulated-kiosk';
import { parseKioskTopic } from '../../shared/fleet/topics';
import { startMosquitto, type Mosquitto } from '../../tests/support/mosquitto';
import { BUDGETS } from '../budgets';
import { freshContext } from '../chromium';
import { startCableProxy, type CableProxy } from './cable-proxy';
import { addConsoleProbes, longTasksSince, whenShown } from './console-probes';
import {
  mainThreadTasksOfTrace,
  TASK_TRACE_CATEGORIES,
  type MainThreadTasks,
} from './main-thread-tasks';
import { pingFleet } from './fleet-ping';
import { reconnectStorm, type ReconnectStorm } from './reconnect-storm';

export interface FleetBenchOptions {
  kiosks: number;
  /** Seconds of steady health traffic whose main-thread tasks are measured. */
  windowSeconds: number;
  /** Where to keep the steady window's Chromium trace (for DevTools' Performance panel). */
  traceFile?: string;
}

export interface FleetFigures {
  kiosks: number;
  keepaliveSeconds: number;
  healthSeconds: number;
  /** `ulimit -n` the broker and the kiosks ran with. */
  openFilesLimit: number | null;
  /** 1-minute load average of the machine (2 cores shared) at each stage. */
  load: { start: number; window: number; end: number };
  /** Start of all kiosks → the console showed all online; null: not within 60 s. */
  onlineMs: number | null;
  /** … and → the broker had every online status (an operator's MQTT client saw them). */
  onlineOnBrokerMs: number | null;
  /** 'Send ping' submitted → the console showed "N of N acknowledged, 0 errors". */
  pingMs: number | null;
  steady: {
    seconds: number;
    /** Health messages per second through the broker during the window. */
    healthPerSecond: number;
    tasks: MainThreadTasks;
    /** What the page's own PerformanceObserver reported (tasks over 50 ms only). */
    longTasks: { count: number; longestMs: number };
  };
  restart: ReconnectStorm & {
    /** How long the broker took to stop (SIGTERM with every client connected). */
    downMs: number;
    /** Broker started again → every kiosk's session back; null: not all within the deadline. */
    allBackMs: number | null;
    /** Broker started again → the console connected again; null: not within the deadline. */
    consoleBackMs: number | null;
  };
  crashed: { kiosks: number; offlineMs: number | null };
  unplugged: {
    kiosks: number;
    /** Cable pulled → the console showed all of them offline. */
    offlineMs: number | null;
    /**
     * Per kiosk, its last packet that reached the broker → its Last Will on the broker: the
     * broker's own keepalive reckoning, longest and shortest. Null: some Will never came.
     */
    lastPacketToWillMs: { max: number; min: number } | null;
    /** The last Will on the broker → the console showed the last of them offline. */
    willToShownMs: number | null;
  };
}

const ONLINE_DEADLINE_MS = 60_000;
/** After a restart: the kiosks' ceiling doubles with each refused attempt, so a minute is ample. */
const RESTART_DEADLINE_MS = 60_000;
const PING_DEADLINE_MS = 30_000;
const SETTLE_MS = 5_000;
/** Every 20th kiosk crashes, and the one 10 after it has its cable pulled: spread over the list. */
const CRASH_EVERY = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load1 = (): number => Math.round((loadavg()[0] ?? 0) * 100) / 100;

function openFilesLimit(): number | null {
  try {
    const text = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    return text === 'unlimited' ? Number.POSITIVE_INFINITY : Number(text);
  } catch {
    return null;
  }
}

/** An operator's MQTT client in Node: what the broker has, to tell broker time from UI time. */
async function watchBroker(broker: Mosquitto, kiosks: number) {
  // The tests' own listener: on the kiosks' one, the operator's client id is its login's
  // name, and this watcher would take the console's session over.
  const watcher = await mqtt.connectAsync(broker.watchUrl, {
    ...broker.operator,
    clientId: `fleet-bench-watcher-${process.pid}`,
    // It outlives the broker's restart: back at once, its subscriptions with it.
    reconnectPeriod: 250,
  });
  const online = new Set<string>();
  /** When each kiosk's offline status (a Will or a goodbye) reached the broker's subscribers. */
  const offlineAt = new Map<string, number>();
  let allOnlineAt: number | null = null;
  let health = 0;
  watcher.on('message', (topic, payload) => {
    const parsed = parseKioskTopic(broker.prefix, topic);
    if (!parsed) return;
    if (parsed.kind === 'health') health += 1;
    else if (parsed.kind === 'status') {
      if (payload.toString('utf8').includes('"state":"online"')) online.add(parsed.kioskId);
      else {
        online.delete(parsed.kioskId);
        offlineAt.set(parsed.kioskId, Date.now());
      }
      if (allOnlineAt === null && online.size >= kiosks) allOnlineAt = Date.now();
    }
  });
  await watcher.subscribeAsync(
    [`${broker.prefix}/kiosks/+/status`, `${broker.prefix}/kiosks/+/health`],
    { qos: 0 },
  );
  return {
    get allOnlineAt() {
      return allOnlineAt;
    },
    get health() {
      return health;
    },
    offlineAt,
    close: () => watcher.endAsync(true),
  };
}

const idOf = (index: number, width: number) => `sim-${String(index + 1).padStart(width, '0')}`;

async function openConsole(browser: Browser, origin: string): Promise<Page> {
  const context = await freshContext(browser);
  const page = await context.newPage();
  await addConsoleProbes(page);
  await page.goto(`${origin}/#/kiosks`);
  await page.getByRole('status').filter({ hasText: 'Connected to' }).waitFor({ timeout: 30_000 });
  return page;
}

/** What each stage of the run works with. */
interface Run {
  browser: Browser;
  page: Page;
  broker: Mosquitto;
  watcher: Awaited<ReturnType<typeof watchBroker>>;
  count: number;
  ids: readonly string[];
  say: (line: string) => void;
}

/** The kiosks, their connection times, and which crash or lose their cable later. */
interface SimulatedFleet {
  kiosks: SimulatedKiosk[];
  /** Per kiosk, when each of its sessions was accepted. */
  sessions: Map<string, number[]>;
  /** When every connection attempt began. */
  attempts: number[];
  crashed: SimulatedKiosk[];
  unplugged: SimulatedKiosk[];
}

function simulateFleet(
  broker: Mosquitto,
  ids: readonly string[],
  cables: ReadonlyMap<string, CableProxy>,
): SimulatedFleet {
  const { keepaliveSeconds, healthSeconds } = BUDGETS.fleet;
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const fleet: SimulatedFleet = {
    kiosks: [],
    sessions: new Map(),
    attempts: [],
    crashed: [],
    unplugged: [],
  };
  ids.forEach((kioskId, index) => {
    const cable = cables.get(kioskId);
    const kiosk = createSimulatedKiosk({
      brokerUrls: [cable ? cable.url : broker.tcpUrl],
      kioskId,
      topicPrefix: broker.prefix,
      username: kioskId,
      password: `pw-${kioskId}`,
      healthSeconds,
      keepaliveSeconds,
      log: quiet,
      onConnection: (connection) => {
        fleet.attempts.push(Date.now());
        connection.once('connect', () => {
          const times = fleet.sessions.get(kioskId) ?? [];
          times.push(Date.now());
          fleet.sessions.set(kioskId, times);
        });
      },
    });
    fleet.kiosks.push(kiosk);
    if (cable) fleet.unplugged.push(kiosk);
    else if (index % CRASH_EVERY === 0) fleet.crashed.push(kiosk);
  });
  return fleet;
}

/** Every kiosk started at once, until the console shows all online. */
async function measureOnline(run: Run, fleet: SimulatedFleet) {
  const { page, watcher, count, say } = run;
  say(`Starting ${count} kiosks at once; the console watches`);
  const startedAt = Date.now();
  for (const kiosk of fleet.kiosks) kiosk.start();
  const shownOnline = await whenShown(
    page,
    { kind: 'summary', label: 'Online', value: count },
    ONLINE_DEADLINE_MS,
  );
  const onlineMs = shownOnline === null ? null : shownOnline - startedAt;
  const onBroker = watcher.allOnlineAt;
  say(
    `  online in the console: ${onlineMs === null ? 'not all within 60 s' : `${onlineMs} ms`} (broker: ${onBroker === null ? '—' : `${onBroker - startedAt} ms`})`,
  );
  return { onlineMs, onlineOnBrokerMs: onBroker === null ? null : onBroker - startedAt };
}

/** The steady window: the console page's main-thread tasks, traced. */
async function measureSteady(
  run: Run,
  windowSeconds: number,
  traceFile: string | undefined,
): Promise<FleetFigures['steady']> {
  const { browser, page, watcher, say } = run;
  say(`Steady window: ${windowSeconds} s of health every ${BUDGETS.fleet.healthSeconds} s, traced`);
  const since = await page.evaluate(() => performance.now());
  const healthBefore = watcher.health;
  await browser.startTracing(page, { categories: TASK_TRACE_CATEGORIES });
  const windowStart = Date.now();
  await sleep(windowSeconds * 1000);
  const trace = await browser.stopTracing();
  if (traceFile) writeFileSync(traceFile, trace);
  const seconds = (Date.now() - windowStart) / 1000;
  const healthPerSecond = Math.round((watcher.health - healthBefore) / seconds);
  const tasks = mainThreadTasksOfTrace(trace);
  const observed = await longTasksSince(page, since);
  const longTasks = {
    count: observed.length,
    longestMs: Math.round(Math.max(0, ...observed.map((task) => task.duration))),
  };
  say(
    `  ${tasks.count} tasks, longest ${tasks.longestMs.toFixed(1)} ms (${healthPerSecond} health messages/s)`,
  );
  return { seconds, healthPerSecond, tasks, longTasks };
}

/** The broker stopped and started again: the storm as it met it, and the console's return. */
async function measureRestart(run: Run, fleet: SimulatedFleet): Promise<FleetFigures['restart']> {
  const { page, broker, ids, count, say } = run;
  const { sessions, attempts } = fleet;
  say('The broker restarts: every kiosk and the console lose it at once');
  const stoppedAt = Date.now();
  await broker.stop();
  const startedAgainAt = Date.now();
  await broker.restart();
  const consoleBack = page
    .getByRole('status')
    .filter({ hasText: `Connected to ${broker.wsUrl}` })
    .waitFor({ timeout: RESTART_DEADLINE_MS })
    .then(
      () => Date.now() - startedAgainAt,
      () => null,
    );
  const backCount = (): number =>
    ids.filter((kioskId) => (sessions.get(kioskId)?.at(-1) ?? 0) >= startedAgainAt).length;
  const backDeadline = startedAgainAt + RESTART_DEADLINE_MS;
  while (backCount() < count && Date.now() < backDeadline) await sleep(50);
  const restart = {
    ...reconnectStorm(
      startedAgainAt,
      sessions,
      attempts,
      attempts.filter((at) => at >= stoppedAt && at < startedAgainAt).length,
    ),
    downMs: startedAgainAt - stoppedAt,
    allBackMs:
      backCount() < count
        ? null
        : Math.max(...ids.map((kioskId) => sessions.get(kioskId)?.at(-1) ?? 0)) - startedAgainAt,
    consoleBackMs: await consoleBack,
  };
  say(
    `  stopped in ${restart.downMs} ms; ${restart.back} of ${count} back, the last after ${restart.allBackMs ?? '— (not all in time)'} ms (median ${restart.spreadMs?.median ?? '—'} ms); busiest second: ${restart.attemptsPeakPerSecond} attempts, ${restart.peakPerSecond} sessions accepted; console back after ${restart.consoleBackMs ?? '—'} ms`,
  );
  return restart;
}

/** Kiosks that crash, then kiosks whose cable is pulled: until the console shows them offline. */
async function measureOffline(
  run: Run,
  fleet: SimulatedFleet,
  cables: ReadonlyMap<string, CableProxy>,
): Promise<Pick<FleetFigures, 'crashed' | 'unplugged'>> {
  const { page, watcher, say } = run;
  const { crashed, unplugged } = fleet;
  say(`${crashed.length} kiosks crash (sockets dropped, no goodbye)`);
  const crashedAt = Date.now();
  for (const kiosk of crashed) kiosk.kill();
  const offlineDeadline =
    BUDGETS.fleet.keepaliveSeconds * BUDGETS.fleet.offlineWithinKeepalives * 1000 + 20_000;
  const crashShown = await whenShown(
    page,
    { kind: 'summary', label: 'Offline', value: crashed.length },
    offlineDeadline,
  );
  const crashMs = crashShown === null ? null : crashShown - crashedAt;
  say(`  shown offline: ${crashMs === null ? 'not in time' : `${crashMs} ms`}`);

  say(`${unplugged.length} kiosks lose their cable (nothing sent, nothing closed)`);
  const pulledAt = Date.now();
  for (const cable of cables.values()) cable.pull();
  const pulledShown = await whenShown(
    page,
    { kind: 'summary', label: 'Offline', value: crashed.length + unplugged.length },
    offlineDeadline,
  );
  const pulledMs = pulledShown === null ? null : pulledShown - pulledAt;
  say(`  shown offline: ${pulledMs === null ? 'not in time' : `${pulledMs} ms`}`);
  const reckonings: number[] = [];
  let lastWill = 0;
  for (const [kioskId, cable] of cables) {
    const will = watcher.offlineAt.get(kioskId);
    if (will === undefined || cable.lastForwardedAt === null) continue;
    reckonings.push(will - cable.lastForwardedAt);
    lastWill = Math.max(lastWill, will);
  }
  const allWills = reckonings.length === cables.size;
  // Behind a pulled cable they would retry for ever; their story is told.
  for (const kiosk of unplugged) kiosk.kill();
  return {
    crashed: { kiosks: crashed.length, offlineMs: crashMs },
    unplugged: {
      kiosks: unplugged.length,
      offlineMs: pulledMs,
      lastPacketToWillMs: allWills
        ? { max: Math.max(...reckonings), min: Math.min(...reckonings) }
        : null,
      willToShownMs: allWills && pulledShown !== null ? pulledShown - lastWill : null,
    },
  };
}

/** The cables of the kiosks that will be unplugged: one each, so each last packet is known. */
async function startCables(broker: Mosquitto, ids: readonly string[]) {
  const brokerPort = Number(new URL(broker.tcpUrl).port);
  const cables = new Map<string, CableProxy>();
  for (const [index, kioskId] of ids.entries()) {
    if (index % CRASH_EVERY === CRASH_EVERY / 2) {
      cables.set(kioskId, await startCableProxy(brokerPort));
    }
  }
  return cables;
}

export async function measureFleet(
  browser: Browser,
  options: FleetBenchOptions,
  say: (line: string) => void,
): Promise<FleetFigures> {
  const { kiosks: count, windowSeconds } = options;
  const { keepaliveSeconds, healthSeconds } = BUDGETS.fleet;
  const limit = openFilesLimit();
  // Each kiosk holds a socket in this process and one in the broker, the pulled ones two more.
  const needed = count + 200;
  if (limit !== null && limit < needed) {
    throw new Error(
      `ulimit -n is ${limit}: ${count} kiosks need at least ${needed} open files here and in Mosquitto (raise it with ulimit -n ${count * 2 + 1024})`,
    );
  }
  const load = { start: load1(), window: 0, end: 0 };
  const width = Math.max(4, String(count).length);
  const ids = Array.from({ length: count }, (_, index) => idOf(index, width));

  say(`Mosquitto with ${count} kiosk accounts and the ACL of docs/fleet/broker.md`);
  const broker = await startMosquitto({
    kiosks: Object.fromEntries(ids.map((id) => [id, `pw-${id}`])),
  });
  const cleanups: (() => Promise<unknown>)[] = [() => broker.dispose()];
  try {
    if (consoleNeedsBuild()) {
      say('Building the console (out/console)');
      await buildConsole();
    }
    const server = await startConsoleServer({
      port: 0,
      staticDir: CONSOLE_DIR,
      presets: {
        brokerUrl: broker.wsUrl,
        username: broker.operator.username,
        password: broker.operator.password,
        topicPrefix: broker.prefix,
        catalogueUrl: '/api',
      },
    });
    cleanups.unshift(() => server.close());
    const watcher = await watchBroker(broker, count);
    cleanups.unshift(() => watcher.close());
    const cables = await startCables(broker, ids);
    cleanups.unshift(() => Promise.all([...cables.values()].map((cable) => cable.close())));
    const page = await openConsole(browser, server.origin);
    cleanups.unshift(() => page.context().close());
    const fleet = simulateFleet(broker, ids, cables);
    cleanups.unshift(() => Promise.all(fleet.kiosks.map((kiosk) => kiosk.stop())));
    const run: Run = { browser, page, broker, watcher, count, ids, say };

    const online = await measureOnline(run, fleet);
    await sleep(SETTLE_MS);
    const pingMs = await pingFleet(run.page, run.count, PING_DEADLINE_MS, run.say);
    await sleep(SETTLE_MS);
    load.window = load1();
    const steady = await measureSteady(run, windowSeconds, options.traceFile);
    const restart = await measureRestart(run, fleet);
    // Everyone settles before kiosks start to die, so the offline counts start from zero.
    await whenShown(page, { kind: 'summary', label: 'Online', value: count }, ONLINE_DEADLINE_MS);
    await sleep(SETTLE_MS);
    const offline = await measureOffline(run, fleet, cables);
    load.end = load1();

    return {
      kiosks: count,
      keepaliveSeconds,
      healthSeconds,
      openFilesLimit: limit,
      load,
      ...online,
      pingMs,
      steady,
      restart,
      ...offline,
    };
  } finally {
    for (const cleanup of cleanups) {
      await cleanup().catch((error: unknown) => {
        console.warn(
          `fleet bench clean-up: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }
  }
}
