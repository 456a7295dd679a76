/**
 * Optional Lighthouse scores (--lighthouse) of the served web build, through `npx` so the
 * project carries no Lighthouse dependency. 12.8.2: Lighthouse 13.5+ needs Node ≥ 22.19,
 * and the bench runs on Node 20 too. Any failure to run is reported as a skip with its reason.
 *
 * Each page is scored several times (five unless told), the rounds interleaved page by page,
 * and judged on the median, as Lighthouse's own variability notes advise (the median of five
 * runs is about twice as stable as one): on a 2-core machine one mobile run of the same
 * build moves by fifteen points or more. Every run's score is kept and printed beside it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUDGETS } from './budgets';
import { CHROMIUM_PATH } from './chromium';

export const LIGHTHOUSE_VERSION = '12.8.2';
export const LIGHTHOUSE_PATHS = ['/', '/products', '/product/1', '/cart'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
export type Preset = keyof typeof BUDGETS.lighthouse;

export interface LighthouseScore {
  preset: Preset;
  path: string;
  /** The median of the runs, per category. */
  scores: Record<Category, number>;
  /** Every run's score, in the order they ran. */
  runs: Record<Category, number[]>;
  /** Categories whose median is under their minimum. */
  failed: Category[];
}

/**
 * The median of whole scores; of an even count, the lower of the middle two, so a budget
 * is never met by a score no run had.
 */
export function medianScore(scores: readonly number[]): number {
  if (scores.length === 0) throw new Error('no Lighthouse runs to take a median of');
  const sorted = [...scores].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** One page's runs judged against its preset's minimums. */
export function judgeRuns(
  preset: Preset,
  path: string,
  runs: readonly Record<Category, number>[],
): LighthouseScore {
  const byCategory = (category: Category): number[] => runs.map((run) => run[category]);
  const all = Object.fromEntries(CATEGORIES.map((c) => [c, byCategory(c)])) as Record<
    Category,
    number[]
  >;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, medianScore(all[c])])) as Record<
    Category,
    number
  >;
  const minimum = BUDGETS.lighthouse[preset];
  const failed = CATEGORIES.filter((category) => scores[category] < minimum[category]);
  return { preset, path, scores, runs: all, failed };
}

export type LighthouseFigures =
  { ran: true; version: string; results: LighthouseScore[] } | { ran: false; reason: string };

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else
        reject(new Error(`${command} exited with ${code ?? 'a signal'}:\n${output.slice(-1500)}`));
    });
  });
}

function readScores(file: string): Record<Category, number> {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    categories?: Partial<Record<Category, { score: number | null }>>;
  };
  const score = (category: Category): number => {
    const value = report.categories?.[category]?.score;
    if (typeof value !== 'number') throw new Error(`${file}: no ${category} score`);
    return Math.round(value * 100);
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
  };
}

export async function runLighthouse(
  origin: string,
  outDir: string,
  rounds: number,
): Promise<LighthouseFigures> {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const env = { ...process.env, CHROME_PATH: CHROMIUM_PATH };
  const reportDir = join(outDir, 'lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const pages = (['desktop', 'mobile'] as const).flatMap((preset) =>
    LIGHTHOUSE_PATHS.map((path) => ({ preset, path })),
  );
  const scored = pages.map(() => [] as Record<Category, number>[]);
  try {
    for (let round = 1; round <= rounds; round += 1) {
      for (const [index, { preset, path }] of pages.entries()) {
        process.stdout.write(`  lighthouse ${preset} ${path} (${round}/${rounds}) …`);
        const page = path === '/' ? '-home' : path.replaceAll('/', '-');
        const file = join(reportDir, `${preset}${page}-${round}.json`);
        await run(
          npx,
          [
            '--yes',
            `lighthouse@${LIGHTHOUSE_VERSION}`,
            `${origin}${path}`,
            '--quiet',
            '--output=json',
            `--output-path=${file}`,
            `--only-categories=${CATEGORIES.join(',')}`,
            '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
            ...(preset === 'desktop' ? ['--preset=desktop'] : []),
          ],
          env,
        );
        const scores = readScores(file);
        scored[index]?.push(scores);
        process.stdout.write(` ${scores.performance}\n`);
      }
    }
  } catch (error) {
    process.stdout.write(' failed\n');
    const reason = error instanceof Error ? error.message : String(error);
    return { ran: false, reason: `Lighthouse could not run here: ${reason}` };
  }
  const results = pages.map(({ preset, path }, index) =>
    judgeRuns(preset, path, scored[index] ?? []),
  );
  return { ran: true, version: LIGHTHOUSE_VERSION, results };
}
