/** The command line of `npm run bench -- …`; unknown flags fail rather than being ignored. */
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Fresh-context page loads per timing, and repetitions per interaction. */
  runs: number;
  sizesOnly: boolean;
  skipBuild: boolean;
  /** Catalogue sizes for the large-catalogue interactions. */
  productCounts: number[];
  lighthouse: boolean;
  /** Lighthouse runs per page; each page is judged on their median. */
  lighthouseRuns: number;
  /** Sizes and Lighthouse only: none of the timings. */
  lighthouseOnly: boolean;
  /** The old pure-function figures (Node, no browser). */
  micro: boolean;
  /** Another shop's static build, timed beside this one (large catalogues, sizes). */
  compare?: string;
  /** The fleet bench instead of the shop's: simulated kiosks, Mosquitto, the console. */
  fleet: boolean;
  /** Kiosks in the fleet bench (budgets are judged only at 1,000). */
  fleetKiosks: number;
  /** Seconds of steady health traffic whose console tasks are measured. */
  fleetWindowSeconds: number;
  /** Kiosks the console holds for its search/sort/filter timings (fleet/console-interactions.ts). */
  consoleKiosks: number;
  /** With --fleet: only those console timings, not the live fleet of simulated kiosks. */
  consoleOnly: boolean;
  /** The fleet bench on a 3-node NATS cluster instead of one Mosquitto (fleet/cluster-bench.ts). */
  fleetCluster: boolean;
  // The side-by-side comparison with the peer shop (bench/compare*.ts).
  /** The catalogue base the compared build calls, rewritten to the bench's /api. */
  compareCatalogue: string;
  /** Sizes and the comparison only: none of the absolute timings. */
  compareOnly: boolean;
  /** The comparison as deployed: catalogue and images from an HTTPS host on another origin. */
  crossOrigin: boolean;
  /** Alternating pairs on the demo catalogue, and at 10,000 products. */
  pairs: number;
  largePairs: number;
  /** Comparison runs, one after another, for their spread. */
  repeat: number;
  /** The traced breakdown of a cold /products instead (breakdown/run-breakdown.ts). */
  breakdown: boolean;
  /** Traced loads per shop in the breakdown. */
  breakdownRuns: number;
  /** The breakdown on a phone's screen and CPU (375×812, 4× slower) instead of a laptop. */
  phone: boolean;
  /** The shop service's records bench instead (records/records-bench.ts). */
  records: boolean;
  /** The pick counter's rush instead (orders/rush-bench.ts). */
  rush: boolean;
  /** Minutes the rush lasts (10 for its budgets). */
  rushMinutes: number;
}

export const USAGE = `npm run bench [-- flags]
  --runs N                 page loads per timing and repetitions per interaction (default 15)
  --sizes-only             bundle sizes only: no browser
  --skip-build             measure the existing out/web and out/renderer
  --products-list A,B,C    large-catalogue sizes (default 1000,10000,50000)
  --lighthouse             also run Lighthouse (desktop and mobile) on /, /products, /product/1, /cart
  --lighthouse-runs N      Lighthouse runs per page, judged on their median (default 5, at most 15)
  --lighthouse-only        sizes and Lighthouse only: none of the timings (implies --lighthouse)
  --micro                  also time the catalogue/cart functions in Node (no browser)
  --compare DIR            also compare with another shop's static build (the peer, e.g.
                           QuicKCart's dist/): served from a copy whose catalogue base is
                           rewritten to the bench's /api, timed with the same probes in
                           alternating pairs; prints ours ÷ peer against the peer budgets
  --compare-catalogue URL  the catalogue base the compared build calls
                           (default https://fakestoreapi.com)
  --compare-only           with --compare: sizes and the comparison, no absolute timings
  --cross-origin           with --compare: both builds as deployed, neither rewritten; their
                           catalogue and images from a local HTTPS host that Chromium resolves
                           fakestoreapi.com to (self-signed, accepted by its key's hash);
                           adds a static page of our first screen (the limit), the phone
                           (375×812, CPU 4× slower), the kiosk from disk, 50,000 products and
                           our service worker's own figure; three runs unless --repeat says
                           otherwise, the budgets judged on the median of the runs
  --pairs N                alternating pairs on the demo catalogue (default 15)
  --large-pairs N          alternating pairs at 10,000 products, and at 50,000 with
                           --cross-origin (default 5)
  --repeat N               run the comparison N times and report the spread (default 1;
                           3 with --cross-origin)
  --fleet                  the fleet bench instead (about 2 min): 1,000 simulated kiosks on
                           a Mosquitto on loopback, the console in Chromium; online, ping,
                           offline times and the console's longest task
  --fleet-kiosks N         kiosks in the fleet bench (default 1000; budgets need 1000)
  --fleet-window S         seconds of steady health traffic traced (default 45, 10–300)
  --console-kiosks N       with --fleet: then the console's search, sort and filter with N
                           kiosks' retained messages from one publisher (default 10000;
                           judged at 10000, at most 50000)
  --console-only           with --fleet: only those console timings (about a minute)
  --cluster                with --fleet: a 3-node NATS cluster instead of Mosquitto, kiosks
                           health every 60 s, one node killed (budgets need --kiosks 10000)
  --kiosks N               kiosks in the fleet bench (same as --fleet-kiosks; with --cluster
                           at most 10000)
  --breakdown              instead: where the main thread's time goes before the first card
                           on a cold /products, from Chromium traces read through the build's
                           source maps (with --compare DIR, the peer's loads alternate with ours)
  --breakdown-runs N       traced loads per shop (default 9)
  --phone                  with --breakdown: on a phone's screen and CPU (375×812, Chromium's
                           CPU 4× slower) instead of a laptop's
  --records                instead: the shop service on PostgreSQL 15 and on PGlite (about
                           2 min): claims a second and their p50/p99 from 50 counters, orders
                           a second from 1,000 simulated kiosks
  --rush                   instead: the pick counter's rush (about 12 min): 300 open orders, 20
                           kiosks confirming an order every 10 s, the pick screen and the board
                           in Chromium; confirm → pick screen, move → board, longest task
  --rush-minutes N         minutes the rush lasts (default 10; budgets are for 10)`;

function wholeNumber(name: string, raw: string, min: number): number {
  if (!/^[0-9][0-9_]*$/.test(raw) || Number(raw.replaceAll('_', '')) < min) {
    throw new Error(`--${name}: expected a whole number ≥ ${min}, got "${raw}"\n\n${USAGE}`);
  }
  return Number(raw.replaceAll('_', ''));
}

/** The flags `npm run bench` takes, with their defaults (USAGE says what each does). */
const FLAGS = {
  runs: { type: 'string', default: '15' },
  'sizes-only': { type: 'boolean', default: false },
  'skip-build': { type: 'boolean', default: false },
  'products-list': { type: 'string', default: '1000,10000,50000' },
  lighthouse: { type: 'boolean', default: false },
  'lighthouse-runs': { type: 'string', default: '5' },
  'lighthouse-only': { type: 'boolean', default: false },
  micro: { type: 'boolean', default: false },
  compare: { type: 'string' },
  fleet: { type: 'boolean', default: false },
  'fleet-kiosks': { type: 'string', default: '1000' },
  'fleet-window': { type: 'string', default: '45' },
  'console-kiosks': { type: 'string', default: '10000' },
  'console-only': { type: 'boolean', default: false },
  cluster: { type: 'boolean', default: false },
  kiosks: { type: 'string' },
  'compare-catalogue': { type: 'string', default: 'https://fakestoreapi.com' },
  'compare-only': { type: 'boolean', default: false },
  'cross-origin': { type: 'boolean', default: false },
  pairs: { type: 'string', default: '15' },
  'large-pairs': { type: 'string', default: '5' },
  repeat: { type: 'string' },
  breakdown: { type: 'boolean', default: false },
  'breakdown-runs': { type: 'string', default: '9' },
  phone: { type: 'boolean', default: false },
  records: { type: 'boolean', default: false },
  rush: { type: 'boolean', default: false },
  'rush-minutes': { type: 'string', default: '10' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export function parseBenchOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({ args: argv, options: FLAGS, strict: true });
  if (values.help) return 'help';
  const lighthouseRuns = wholeNumber('lighthouse-runs', values['lighthouse-runs'], 1);
  // Each run is ~20 s a page and preset: fifteen rounds are already 40 minutes.
  if (lighthouseRuns > 15) throw new Error(`--lighthouse-runs: at most 15, got ${lighthouseRuns}`);
  // Each of these measures something --lighthouse-only promises to leave out, or skips Lighthouse.
  const excluded = [
    'compare',
    'compare-only',
    'sizes-only',
    'fleet',
    'breakdown',
    'micro',
    'records',
    'rush',
  ] as const;
  const clash = excluded.find((name) => values[name] !== undefined && values[name] !== false);
  if (values['lighthouse-only'] && clash !== undefined) {
    throw new Error(`--lighthouse-only cannot be combined with --${clash}\n\n${USAGE}`);
  }
  if (values['compare-only'] && values.compare === undefined) {
    throw new Error(`--compare-only needs --compare DIR\n\n${USAGE}`);
  }
  if (values['cross-origin'] && values.compare === undefined) {
    throw new Error(`--cross-origin needs --compare DIR\n\n${USAGE}`);
  }
  const productCounts = values['products-list']
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => wholeNumber('products-list', item, 1));
  const fleetKiosks =
    values.kiosks === undefined
      ? wholeNumber('fleet-kiosks', values['fleet-kiosks'], 1)
      : wholeNumber('kiosks', values.kiosks, 1);
  if (values.cluster && !values.fleet) throw new Error(`--cluster needs --fleet\n\n${USAGE}`);
  // The cluster spreads its kiosks over three nodes: up to 10,000 of them.
  if (values.cluster && fleetKiosks > 10_000) {
    throw new Error(`--kiosks: at most 10000 with --cluster, got ${fleetKiosks}`);
  }
  const fleetWindowSeconds = wholeNumber('fleet-window', values['fleet-window'], 10);
  // Bounded: the simulator runs at most 5,000 kiosks, and a window is minutes, not hours.
  if (!values.cluster && fleetKiosks > 5000)
    throw new Error(`--fleet-kiosks: at most 5000, got ${fleetKiosks}`);
  if (fleetWindowSeconds > 300) {
    throw new Error(`--fleet-window: at most 300 s, got ${fleetWindowSeconds}`);
  }
  const consoleKiosks = wholeNumber('console-kiosks', values['console-kiosks'], 1);
  if (consoleKiosks > 50_000) {
    throw new Error(`--console-kiosks: at most 50000, got ${consoleKiosks}`);
  }
  if (values.phone && !values.breakdown) {
    throw new Error(`--phone needs --breakdown\n\n${USAGE}`);
  }
  if (values['console-only'] && !values.fleet) {
    throw new Error(`--console-only needs --fleet\n\n${USAGE}`);
  }
  return {
    runs: wholeNumber('runs', values.runs, 1),
    sizesOnly: values['sizes-only'],
    skipBuild: values['skip-build'],
    productCounts: [...new Set(productCounts)].sort((a, b) => a - b),
    lighthouse: values.lighthouse || values['lighthouse-only'],
    lighthouseRuns,
    lighthouseOnly: values['lighthouse-only'],
    micro: values.micro,
    ...(values.compare === undefined ? {} : { compare: values.compare }),
    fleet: values.fleet,
    fleetKiosks,
    fleetWindowSeconds,
    consoleKiosks,
    consoleOnly: values['console-only'],
    fleetCluster: values.cluster,
    compareCatalogue: values['compare-catalogue'],
    compareOnly: values['compare-only'],
    crossOrigin: values['cross-origin'],
    pairs: wholeNumber('pairs', values.pairs, 1),
    largePairs: wholeNumber('large-pairs', values['large-pairs'], 1),
    repeat:
      values.repeat === undefined
        ? values['cross-origin']
          ? 3
          : 1
        : wholeNumber('repeat', values.repeat, 1),
    breakdown: values.breakdown,
    breakdownRuns: wholeNumber('breakdown-runs', values['breakdown-runs'], 1),
    phone: values.phone,
    records: values.records,
    rush: values.rush,
    rushMinutes: wholeNumber('rush-minutes', values['rush-minutes'], 1),
  };
}
