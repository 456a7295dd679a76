/**
 * The runner of `npm run bench -- --fleet --cluster`: Chromium up, the cluster bench
 * (cluster-bench.ts), its figures and budgets printed and kept in
 * bench-results/fleet-cluster-*.json (git-ignored, per machine).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../chromium';
import type { BenchOptions } from '../options';
import { checksTable, heading, table } from '../report';
import {
  clusterFleetChecks,
  measureClusterFleet,
  type ClusterFleetFigures,
  type ClusterPhase,
} from './cluster-bench';
import { restoreWhenEnded, yieldToConsole } from './fleet-priority';

const PHASE_LABELS: Record<ClusterPhase, string> = {
  opening: 'while the console opened and connected',
  arrival: 'while the fleet arrived',
  ping: 'while the ping was acked',
  failover: 'while the kiosks moved',
};

function figuresTable(figures: ClusterFleetFigures): string {
  const ms = (value: number | null) => (value === null ? 'not reached' : `${value} ms`);
  const spread = figures.failover.spreadMs;
  return table(
    ['measure', 'value'],
    [
      ['kiosks (per node)', `${figures.kiosks} (${figures.perNode.join(', ')})`],
      ['all online in the console', ms(figures.onlineMs)],
      ['fleet-wide ping acked by all', ms(figures.pingMs)],
      [
        `node killed: its ${figures.failover.victims} kiosks moved`,
        ms(figures.failover.allMovedMs),
      ],
      ['  half shown offline (will keeper)', ms(figures.failover.shownOfflineMs)],
      [
        'reconnect spread (min / median / p90 / max)',
        spread === null
          ? '—'
          : `${spread.min} / ${spread.median} / ${spread.p90} / ${spread.max} ms`,
      ],
      [
        'peak sessions accepted',
        `${figures.failover.peakPerSecond}/s, ${figures.failover.peakPer100ms}/100 ms`,
      ],
      ['peak connection attempts', `${figures.failover.attemptsPeakPerSecond}/s`],
      [
        'console longest task (over 50 ms; 0: none)',
        `${figures.console.longestTaskMs} ms (${figures.console.longTasks} long)`,
      ],
      ...(['opening', 'arrival', 'ping', 'failover'] as const).map((phase) => [
        `  … ${PHASE_LABELS[phase]}`,
        `${figures.console.phases[phase].longestTaskMs} ms (${figures.console.phases[phase].longTasks} long)`,
      ]),
      ['console heap after GC', `${(figures.console.heapBytes / 1024 / 1024).toFixed(1)} MiB`],
    ],
    ['left', 'right'],
  );
}

/**
 * BENCH_KEEP_CONSOLE_CORE=1 pins this process's threads (the fleet, its bridges, the will
 * keeper) and the nodes it starts next to every core but the first, left to the browser
 * launched before. Pinned, the fleet and the nodes share one core and were once over a
 * minute coming online (docs/decisions/0033-cluster-bench-cores.md): the cores stay shared
 * unless asked, the fleet's priority lowered (fleet-priority.ts).
 */
function keepFirstCoreForConsole(): string {
  const count = cpus().length;
  if (process.env.BENCH_KEEP_CONSOLE_CORE !== '1')
    return 'Cores: shared by the fleet and the console';
  if (count < 2) return 'Cores: one, shared by the fleet and the console';
  const fleetCores = count === 2 ? '1' : `1-${count - 1}`;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', fleetCores, String(process.pid)], {
      stdio: 'ignore',
    });
  } catch {
    return 'Cores: shared by the fleet and the console (taskset is not installed)';
  }
  return `Cores: the fleet, will keeper and nodes on ${fleetCores}; core 0 left to the console's browser`;
}

export async function runClusterFleetBench(
  options: BenchOptions,
  resultsDir: string,
): Promise<number> {
  const startedAt = new Date().toISOString();
  console.log(
    heading(`Fleet bench: ${options.fleetKiosks} simulated kiosks, 3-node NATS cluster, console`),
  );
  const load = { start: loadavg()[0] ?? 0, end: 0 };
  mkdirSync(resultsDir, { recursive: true });
  const browser = await launchChromium();
  const chromium = browser.version();
  // The console runs on the operator's own machine, not beside ten thousand kiosks and three
  // broker nodes: once Chromium is up, this process (the simulated fleet, the bridges) and
  // the nodes it starts next yield the shared cores to the console page first.
  const priority = yieldToConsole();
  const cores = `${keepFirstCoreForConsole()}; ${priority.placement}`;
  console.log(cores);
  const release = restoreWhenEnded(priority);
  let figures: ClusterFleetFigures;
  try {
    // BENCH_CPU_PROFILE=1 keeps a sampled profile of the console page, to find a long task.
    const cpuProfileFile =
      process.env.BENCH_CPU_PROFILE === '1'
        ? join(resultsDir, 'fleet-cluster-console.cpuprofile')
        : undefined;
    figures = await measureClusterFleet(
      browser,
      { kiosks: options.fleetKiosks, cpuProfileFile },
      (line) => console.log(line),
    );
  } finally {
    release();
    await browser.close();
  }
  load.end = loadavg()[0] ?? 0;
  const checks = clusterFleetChecks(figures);
  const results = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      placement: cores,
      node: process.version,
      platform: process.platform,
      chromium,
    },
    load,
    options,
    fleetCluster: figures,
    checks,
    pass: checks.every((check) => check.status !== 'FAIL'),
  };
  const file = join(resultsDir, `fleet-cluster-${startedAt.replace(/[:.]/g, '-')}.json`);
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(join(resultsDir, 'fleet-cluster-latest.json'), json);
  console.log(
    heading(
      `Fleet cluster bench, ${startedAt} — ${results.machine.cpus} cores, load ${load.start.toFixed(1)} → ${load.end.toFixed(1)}`,
    ),
  );
  console.log(figuresTable(figures));
  // What the longest frames spent their time on: scripts (GC falls in theirs) or rendering.
  for (const frame of figures.console.longFrames
    .filter((one) => one.blockingMs > 0)
    .sort((a, b) => b.blockingMs - a.blockingMs)
    .slice(0, 3)) {
    const scripts = frame.scripts
      .map((script) => `${script.invoker} ${Math.round(script.durationMs)} ms`)
      .join(', ');
    console.log(
      `blocking frame ${Math.round(frame.duration)} ms (${Math.round(frame.blockingMs)} ms blocking): render ${Math.round(frame.renderMs)} ms (style and layout ${Math.round(frame.styleAndLayoutMs)}); scripts: ${scripts || 'none'}`,
    );
  }
  console.log(heading('Budgets'));
  console.log(checksTable(checks));
  const failed = checks.filter((check) => check.status === 'FAIL').length;
  console.log(`\n${failed} FAIL — results in ${file}`);
  return failed > 0 ? 1 : 0;
}
