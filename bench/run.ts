/**
 * npm run bench — the built shop measured in headless Chromium and judged against the
 * budgets in budgets.ts: bundle sizes, page loads, large-catalogue interactions, heap
 * growth, optionally Lighthouse. Prints PASS/FAIL per budget, writes every figure to
 * bench-results/ (git-ignored), exits 1 when a budget fails. Never part of `npm test`:
 * timings on a shared machine are figures to read, not assertions to flake on.
 *
 * `--fleet` runs the fleet bench instead (fleet/fleet-bench.ts): simulated kiosks on
 * Mosquitto, the operator's console in Chromium; its figures go to bench-results/fleet-*.json.
 * `--breakdown` traces cold loads of /products instead (breakdown/run-breakdown.ts); its
 * figures go to bench-results/breakdown-*.json. `--records` measures the shop service on
 * both engines instead (records/records-bench.ts); bench-results/records-*.json.
 *
 * Flags: see USAGE in options.ts (`npm run bench -- --help`).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { REPO_ROOT } from '../tools/repo-root';
import {
  buildShop,
  freePort,
  RENDERER_DIR,
  rendererCataloguePort,
  WEB_DIR,
  withShop,
} from './bench-server';
import { BUDGETS, interactionBudget, KB, type Interaction } from './budgets';
import { measureBuild } from './bundle-sizes';
import { LAPTOP_DEVICE, launchChromium, PHONE_DEVICE } from './chromium';
import { measureFleet, type FleetFigures } from './fleet/fleet-bench';
import { fleetChecks, fleetTable } from './fleet/fleet-checks';
import {
  measureConsoleInteractions,
  type ConsoleInteractionFigures,
} from './fleet/console-interactions';
import {
  consoleInteractionChecks,
  consoleInteractionTable,
} from './fleet/console-interaction-checks';
import { runClusterFleetBench } from './fleet/cluster-run';
import { HEAP_PRODUCTS, measureHeapGrowth } from './heap-growth';
import { measureLargeCatalogue } from './interactions';
import { runLighthouse } from './lighthouse';
import { measureKioskLoad, measureLoads } from './load-timings';
import { MICRO_PRODUCTS, runMicroBench } from './micro';
import { parseBenchOptions, USAGE, type BenchOptions } from './options';
import {
  checksTable,
  heading,
  heapTable,
  kb,
  largeTable,
  lighthouseTable,
  loadsTable,
  microTable,
  mib,
  ms,
  sizesTable,
} from './report';
import type { BenchResults, Check } from './results';
import { breakdownTable, runBreakdown } from './breakdown/run-breakdown';
import { measureRecords } from './records/records-bench';
import { recordsChecks, recordsTable } from './records/records-checks';
import {
  childrenOf,
  lowerSessions,
  restoreWhenEnded,
  yieldToConsole,
} from './fleet/fleet-priority';
import { measureRush, RUSH_DEFAULTS } from './orders/rush-bench';
import { rushChecks, rushTable } from './orders/rush-checks';
import { comparisonChecks, runComparisons } from './compare-run';
import { sizeFigure, startRun } from './compare';
import { loadLines, runLoad, runTable, spreadTable } from './compare-report';
import { buildDeployedWeb, DEPLOYED_WEB_DIR } from './cross-origin/deployed-build';
import { runCrossOriginComparisons } from './cross-origin/compare-cross-origin';
import {
  crossOriginChecks,
  crossOriginHeading,
  judgedOf,
  ratioBudgetsOf,
} from './cross-origin/checks';

const RESULTS_DIR = join(REPO_ROOT, 'bench-results');

/** The web build compared with the peer: as deployed for --cross-origin, else out/web. */
function comparedWebSizes(results: BenchResults) {
  return results.compare?.crossOrigin
    ? measureBuild(REPO_ROOT, DEPLOYED_WEB_DIR)
    : results.sizes.web;
}

async function productTitle(origin: string, id: number): Promise<string> {
  const response = await fetch(`${origin}/api/products/${id}`);
  if (!response.ok) throw new Error(`GET /api/products/${id} answered ${response.status}`);
  const product = (await response.json()) as { title?: unknown };
  if (typeof product.title !== 'string') throw new Error(`product ${id} has no title`);
  return product.title;
}

function sizeChecks(results: BenchResults): Check[] {
  return (['web', 'kiosk'] as const).map((build) => {
    const gzip = results.sizes[build].initialGzipBytes;
    const limit = BUDGETS.initialGzipKB[build];
    return {
      name: `${build === 'web' ? 'web build' : 'kiosk renderer'} initial JS+CSS, gzip`,
      measured: `${kb(gzip)} KB`,
      limit: `≤ ${limit} KB`,
      status: gzip / KB <= limit ? 'PASS' : 'FAIL',
    };
  });
}

function interactionChecks(results: BenchResults, why?: string): Check[] {
  const checks: Check[] = [];
  for (const interaction of Object.keys(BUDGETS.interactionMs) as Interaction[]) {
    for (const count of Object.keys(BUDGETS.interactionMs[interaction]).map(Number)) {
      const limit = interactionBudget(interaction, count) ?? Number.NaN;
      const figure = results.largeCatalogues
        .find((item) => item.products === count)
        ?.interactions.find((item) => item.interaction === interaction);
      const name = `${interaction} → next paint at ${count.toLocaleString('en-US')}, median`;
      checks.push(
        figure
          ? {
              name,
              measured: `${ms(figure.inputToPaint.median)} ms`,
              limit: `≤ ${limit} ms`,
              status: figure.inputToPaint.median <= limit ? 'PASS' : 'FAIL',
            }
          : {
              name,
              measured: why ?? 'not measured (--products-list)',
              limit: `≤ ${limit} ms`,
              status: 'SKIP',
            },
      );
    }
  }
  return checks;
}

function heapCheck(results: BenchResults, why?: string): Check {
  const name = `heap growth, ${HEAP_PRODUCTS.toLocaleString('en-US')} products, after 10 → after 70`;
  const limit = `≤ ${mib(BUDGETS.heapGrowthBytes)} MiB`;
  if (!results.heap) return { name, measured: why ?? 'not measured', limit, status: 'SKIP' };
  return {
    name,
    measured: `${results.heap.growthBytes >= 0 ? '+' : ''}${mib(results.heap.growthBytes)} MiB`,
    limit,
    status: results.heap.pass ? 'PASS' : 'FAIL',
  };
}

function lighthouseChecks(results: BenchResults): Check[] {
  const figures = results.lighthouse;
  if (!figures) return [];
  if (!figures.ran) {
    return [{ name: 'Lighthouse', measured: 'could not run', limit: 'see above', status: 'SKIP' }];
  }
  return figures.results.map((result) => {
    const minimum = BUDGETS.lighthouse[result.preset];
    return {
      name: `Lighthouse ${result.preset} ${result.path} (perf/a11y/best practices, median)`,
      measured: `${result.scores.performance}/${result.scores.accessibility}/${result.scores['best-practices']}`,
      limit: `≥ ${minimum.performance}/${minimum.accessibility}/${minimum['best-practices']}`,
      status: result.failed.length === 0 ? 'PASS' : 'FAIL',
    };
  });
}

async function measureInBrowser(
  browser: Browser,
  port: number,
  options: BenchOptions,
  results: BenchResults,
): Promise<void> {
  console.log(heading('Page loads (demo catalogue, 24 products)'));
  await withShop(port, undefined, async (server) => {
    const title = await productTitle(server.origin, 1);
    results.loads = await measureLoads(browser, server.origin, options.runs, title);
    const kioskPort = rendererCataloguePort();
    if (kioskPort === port) {
      results.loads.push(await measureKioskLoad(browser, server.origin, options.runs));
    } else {
      results.skipped.kiosk =
        `out/renderer calls the catalogue on port ${kioskPort ?? '?'}, the bench serves on ${port}: ` +
        'rebuild (drop --skip-build) to time the kiosk';
    }
  });

  console.log(heading('Large catalogues'));
  for (const count of options.productCounts) {
    await withShop(port, count, async (server) => {
      results.largeCatalogues.push(
        await measureLargeCatalogue(browser, server.origin, count, options.runs),
      );
    });
  }

  console.log(heading('Heap'));
  await withShop(port, HEAP_PRODUCTS, async (server) => {
    results.heap = await measureHeapGrowth(browser, server.origin);
  });
}

function printReport(results: BenchResults): void {
  const { machine, options } = results;
  console.log(
    heading(
      `Kiosk Shop bench, ${results.startedAt} — ${machine.cpus} cores, headless Chromium ${machine.chromium ?? '(not started)'}, Node ${machine.node}`,
    ),
  );
  console.log(heading('Sizes: initial = what index.html loads; gzip level 9; KB = 1,000 bytes'));
  console.log(
    sizesTable([
      { name: 'web', sizes: results.sizes.web, budgetKB: BUDGETS.initialGzipKB.web },
      { name: 'kiosk', sizes: results.sizes.kiosk, budgetKB: BUDGETS.initialGzipKB.kiosk },
    ]),
  );
  if (results.loads.length > 0) {
    console.log(
      heading(
        `Page loads, ms, each run a fresh context (+1 warm-up run); loopback, demo catalogue`,
      ),
    );
    console.log(loadsTable(results.loads));
  }
  for (const [section, reason] of Object.entries(results.skipped)) {
    console.log(`(${section} skipped: ${reason})`);
  }
  if (results.largeCatalogues.length > 0) {
    console.log(
      heading(
        `Large catalogues, ms: interactions from the input event, ${options.runs} runs each (+1 warm-up), each from a settled page; "back to back": the median of ${options.runs} more sent as soon as the last painted`,
      ),
    );
    console.log(
      largeTable(results.largeCatalogues, (count, item) =>
        interactionBudget(item as Interaction, count),
      ),
    );
  }
  const comparison = results.compare;
  if (comparison && comparison.runs.length > 0) {
    const copied = comparison.rewritten.map((item) => `${item.file} ×${item.count}`).join(', ');
    const budgets = ratioBudgetsOf(comparison);
    console.log(
      heading(
        comparison.crossOrigin
          ? crossOriginHeading(comparison)
          : `Side by side: this shop ÷ ${comparison.dir} (served from a copy, its ${comparison.catalogueBase} → /api in ${copied})`,
      ),
    );
    comparison.runs.forEach((run, index) => {
      console.log(`\nRun ${index + 1} of ${comparison.runs.length}: ${runLoad(run)}`);
      console.log(runTable(run, budgets));
      for (const note of run.notes ?? []) console.log(`  ${note}`);
    });
    if (comparison.runs.length > 1) {
      console.log(
        heading(
          comparison.crossOrigin
            ? 'Across runs: ours ÷ peer (or the static page) per run; judged on the median of the runs'
            : 'Across runs: ours ÷ peer per run; a verdict only where all agree',
        ),
      );
      console.log(spreadTable(comparison.runs, budgets, judgedOf(comparison)));
      console.log(loadLines(comparison.runs));
    }
  }
  if (results.heap) {
    console.log(
      heading(
        `Heap at ${results.heap.products.toLocaleString('en-US')} products: ${results.heap.pageChanges} page changes + ${results.heap.searches} searches`,
      ),
    );
    console.log(heapTable(results.heap));
  }
  if (results.lighthouse) {
    console.log(heading('Lighthouse (served web build, demo catalogue)'));
    console.log(lighthouseTable(results.lighthouse));
  }
  if (results.micro) {
    console.log(heading('Micro: pure functions in Node (no budget)'));
    console.log(microTable(results.micro));
  }
  console.log(heading('Budgets'));
  console.log(checksTable(results.checks));
}

/** bench-results/<kind>-<time>.json and <latest>; git-ignored, per machine. */
function writeResults(
  results: { startedAt: string },
  kind = 'bench',
  latest = 'latest.json',
): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, '-');
  const file = join(RESULTS_DIR, `${kind}-${stamp}.json`);
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(join(RESULTS_DIR, latest), json);
  return file;
}

interface FleetBenchResults {
  startedAt: string;
  finishedAt?: string;
  machine: BenchResults['machine'];
  options: BenchOptions;
  fleet?: FleetFigures;
  consoleInteractions?: ConsoleInteractionFigures;
  checks: Check[];
  pass?: boolean;
}

function verdict(checks: readonly Check[], file: string): number {
  const failed = checks.filter((check) => check.status === 'FAIL').length;
  const passed = checks.filter((check) => check.status === 'PASS').length;
  const skipped = checks.length - failed - passed;
  console.log(
    `\n${passed} PASS, ${failed} FAIL${skipped > 0 ? `, ${skipped} SKIP` : ''} — results in ${file.slice(REPO_ROOT.length)}`,
  );
  return failed > 0 ? 1 : 0;
}

async function runFleetBench(options: BenchOptions): Promise<number> {
  const results: FleetBenchResults = {
    startedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
    options,
    checks: [],
  };
  console.log(heading(`Fleet bench: ${options.fleetKiosks} simulated kiosks, Mosquitto, console`));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const browser = await launchChromium();
  results.machine.chromium = browser.version();
  try {
    if (!options.consoleOnly) {
      results.fleet = await measureFleet(
        browser,
        {
          kiosks: options.fleetKiosks,
          windowSeconds: options.fleetWindowSeconds,
          traceFile: join(RESULTS_DIR, 'fleet-trace-latest.json'),
        },
        (line) => console.log(line),
      );
    }
    results.consoleInteractions = await measureConsoleInteractions(
      browser,
      { kiosks: options.consoleKiosks, runs: options.runs },
      (line) => console.log(line),
    );
  } finally {
    await browser.close();
  }
  results.checks = [
    ...(results.fleet ? fleetChecks(results.fleet) : []),
    ...consoleInteractionChecks(results.consoleInteractions),
  ];
  results.finishedAt = new Date().toISOString();
  results.pass = results.checks.every((check) => check.status !== 'FAIL');
  const file = writeResults(results, 'fleet', 'fleet-latest.json');
  console.log(
    heading(
      `Fleet bench, ${results.startedAt} — ${results.machine.cpus} cores, headless Chromium ${results.machine.chromium}, Node ${results.machine.node}`,
    ),
  );
  if (results.fleet) console.log(fleetTable(results.fleet));
  console.log(consoleInteractionTable(results.consoleInteractions));
  console.log(heading('Budgets'));
  console.log(checksTable(results.checks));
  return verdict(results.checks, file);
}

async function runBreakdownBench(options: BenchOptions): Promise<number> {
  const startedAt = new Date().toISOString();
  const device = options.phone ? PHONE_DEVICE : LAPTOP_DEVICE;
  console.log(
    heading(`Where the time goes before the first card (cold /products, traced, ${device.name})`),
  );
  const browser = await launchChromium();
  try {
    const breakdown = await runBreakdown(
      browser,
      {
        device,
        runs: options.breakdownRuns,
        compareCatalogue: options.compareCatalogue,
        productTitle: (origin) => productTitle(origin, 1),
        ...(options.compare === undefined ? {} : { compare: resolve(options.compare) }),
      },
      (line) => console.log(line),
    );
    const results = {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        node: process.version,
        platform: process.platform,
        chromium: browser.version(),
      },
      options,
      breakdown,
    };
    const file = writeResults(results, 'breakdown', 'breakdown-latest.json');
    console.log(heading(`Breakdown, ${startedAt} — headless Chromium ${browser.version()}`));
    console.log(breakdownTable(breakdown));
    console.log(`\nresults in ${file.slice(REPO_ROOT.length)}`);
    return 0;
  } finally {
    await browser.close();
  }
}

/** The machine's load average before and after a run: how shared it was meanwhile. */
function loadLine(before: number[], after: number[]): string {
  const loads = (three: number[]) => three.map((value) => value.toFixed(2)).join(', ');
  return `load average (1, 5, 15 min): ${loads(before)} before, ${loads(after)} after`;
}

async function runRecordsBench(options: BenchOptions): Promise<number> {
  const startedAt = new Date().toISOString();
  console.log(heading('Shop service records: PostgreSQL 15 and PGlite'));
  // The machine may be shared: its load before and after say how busy it was meanwhile.
  const loadBefore = loadavg();
  const engines = await measureRecords((line) => console.log(line));
  const loadAfter = loadavg();
  const checks = recordsChecks(engines);
  const results = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      node: process.version,
      platform: process.platform,
      loadAverage: { before: loadBefore, after: loadAfter },
    },
    options,
    engines,
    checks,
  };
  const file = writeResults(results, 'records', 'records-latest.json');
  console.log(
    heading(
      `Shop service records, ${startedAt} — ${results.machine.cpus} cores, Node ${results.machine.node}`,
    ),
  );
  console.log(recordsTable(engines, results.machine.cpus));
  console.log(`\n${loadLine(loadBefore, loadAfter)}`);
  console.log(heading('Budgets'));
  console.log(checksTable(checks));
  return verdict(checks, file);
}

async function runRushBench(options: BenchOptions): Promise<number> {
  const startedAt = new Date().toISOString();
  console.log(heading("The pick counter's rush: the shop service, the pick screen, the board"));
  const loadBefore = loadavg();
  const browser = await launchChromium();
  // The pick screen and the board run on the counter's own screens, not beside the shop
  // service and twenty kiosks: once Chromium is up, this process (the kiosks, the staff's
  // moves) and the service it starts next take what the two pages leave, as the cluster
  // bench's fleet does for the console.
  const priority = yieldToConsole({ who: 'the shop service and the kiosks' });
  console.log(priority.placement);
  const release = restoreWhenEnded(priority);
  // The ready board hangs on a screen of its own in a shop: in a browser of its own here,
  // lowered like the service, so the pick screen's main thread does not wait on its frames.
  const before = new Set(childrenOf());
  const boardBrowser = await launchChromium();
  const board = lowerSessions(childrenOf().filter((pid) => !before.has(pid)));
  const placement = `${priority.placement}; the board's browser: ${board}`;
  console.log(`the board's browser: ${board}`);
  let rush;
  try {
    rush = await measureRush(
      { pick: browser, board: boardBrowser },
      { ...RUSH_DEFAULTS, minutes: options.rushMinutes },
      (line) => console.log(line),
    );
  } finally {
    release();
    await boardBrowser.close();
    await browser.close();
  }
  const loadAfter = loadavg();
  const checks = rushChecks(rush);
  const machine = { cpus: cpus().length, node: process.version, platform: process.platform };
  const loadAverage = { before: loadBefore, after: loadAfter };
  const results = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine,
    loadAverage,
    placement,
    options,
    rush,
    checks,
  };
  const file = writeResults(results, 'rush', 'rush-latest.json');
  console.log(heading(`The rush, ${startedAt} — ${machine.cpus} cores, Node ${machine.node}`));
  console.log(rushTable(rush));
  console.log(`\n${loadLine(loadBefore, loadAfter)}`);
  console.log(heading('Budgets'));
  console.log(checksTable(checks));
  return verdict(checks, file);
}

/** The shop (and a compared one) in Chromium, then Lighthouse: the bench's timed part. */
async function measureInChromium(
  options: BenchOptions,
  port: number,
  results: BenchResults,
): Promise<void> {
  const browser = await launchChromium();
  results.machine.chromium = browser.version();
  try {
    if (!options.compareOnly && !options.lighthouseOnly) {
      await measureInBrowser(browser, port, options, results);
    }
    if (results.compare?.crossOrigin) {
      await runCrossOriginComparisons(
        { pairs: options.pairs, largePairs: options.largePairs, repeat: options.repeat },
        DEPLOYED_WEB_DIR,
        comparedWebSizes(results),
        results.compare,
      );
    } else if (results.compare) {
      await runComparisons(
        browser,
        port,
        options,
        results.sizes.web,
        results.compare,
        (origin) => productTitle(origin, 1),
        rendererCataloguePort() === port,
      );
    }
  } finally {
    await browser.close();
  }
  const why = options.compareOnly
    ? 'not measured (--compare-only)'
    : options.lighthouseOnly
      ? 'not measured (--lighthouse-only)'
      : undefined;
  results.checks.push(...interactionChecks(results, why), heapCheck(results, why));
  results.checks.push(...crossOriginChecks(results.compare, comparisonChecks));
  if (options.lighthouse && !options.compareOnly) {
    console.log(heading('Lighthouse'));
    results.lighthouse = await withShop(port, undefined, (server) =>
      runLighthouse(server.origin, RESULTS_DIR, options.lighthouseRuns),
    );
    results.checks.push(...lighthouseChecks(results));
  }
}

async function main(): Promise<number> {
  const options = parseBenchOptions(process.argv.slice(2));
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (options.fleet && options.fleetCluster) return runClusterFleetBench(options, RESULTS_DIR);
  if (options.fleet) return runFleetBench(options);
  if (options.breakdown) return runBreakdownBench(options);
  if (options.records) return runRecordsBench(options);
  if (options.rush) return runRushBench(options);
  const startedAt = new Date().toISOString();

  // With --skip-build the kiosk renderer can only be timed on the port it was built for.
  const port = await freePort(options.skipBuild ? rendererCataloguePort() : undefined);
  if (!options.skipBuild) {
    console.log(heading(`Build (kiosk renderer's catalogue on port ${port})`));
    await buildShop(port);
  }
  if (options.crossOrigin && (!options.skipBuild || !existsSync(DEPLOYED_WEB_DIR))) {
    console.log(heading('Build (the web shop as deployed: its default catalogue host)'));
    await buildDeployedWeb();
  }
  const results: BenchResults = {
    startedAt,
    machine: { cpus: cpus().length, node: process.version, platform: process.platform },
    options,
    port,
    sizes: {
      web: measureBuild(REPO_ROOT, WEB_DIR),
      kiosk: measureBuild(REPO_ROOT, RENDERER_DIR),
    },
    loads: [],
    skipped: {},
    largeCatalogues: [],
    checks: [],
  };
  results.checks.push(...sizeChecks(results));
  if (options.compare !== undefined) {
    const dir = resolve(options.compare);
    if (!existsSync(join(dir, 'index.html'))) {
      throw new Error(`--compare ${options.compare}: no index.html there (a built static shop)`);
    }
    results.compare = {
      dir,
      catalogueBase: options.compareCatalogue,
      rewritten: [],
      ...(options.crossOrigin ? { crossOrigin: true } : {}),
      sizes: measureBuild(REPO_ROOT, dir),
      runs: [],
    };
  }

  if (options.sizesOnly) {
    if (results.compare) {
      const sizes = sizeFigure(comparedWebSizes(results), results.compare.sizes);
      results.compare.runs.push({ ...startRun(), figures: [sizes] });
      results.checks.push(...crossOriginChecks(results.compare, comparisonChecks));
    }
    results.checks.push(...interactionChecks(results, 'not measured (--sizes-only)'));
    results.checks.push(heapCheck(results, 'not measured (--sizes-only)'));
  } else {
    await measureInChromium(options, port, results);
  }
  if (options.micro) {
    console.log(heading(`Micro (${MICRO_PRODUCTS.toLocaleString('en-US')} products in Node)`));
    results.micro = runMicroBench();
  }

  results.finishedAt = new Date().toISOString();
  results.pass = results.checks.every((check) => check.status !== 'FAIL');
  const file = writeResults(results);
  printReport(results);
  return verdict(results.checks, `${file} and bench-results/latest.json`);
}

/** How long the bench may linger after its report before it ends itself. */
const EXIT_GRACE_MS = 10_000;

/**
 * After the report, anything left open (a client's keepalive, a retry a library planned)
 * would keep the process alive with nothing to do: a run that printed its results sat idle
 * until `timeout` killed it. An unref'd timer ends it, and names what was still open.
 */
function endAfterGrace(): void {
  setTimeout(() => {
    const open = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');
    console.error(
      `Bench: ended ${EXIT_GRACE_MS / 1000} s after its report; still open: ${open.join(', ')}`,
    );
    process.exit();
  }, EXIT_GRACE_MS).unref();
}

main().then(
  (code) => {
    process.exitCode = code;
    endAfterGrace();
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
    endAfterGrace();
  },
);
