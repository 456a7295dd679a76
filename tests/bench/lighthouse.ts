/**
 * Optional Lighthouse scores (--lighthouse) of the served web build, through `npx` so the
 * project carries no Lighthouse dependency. 12.8.2: Lighthouse 13.5+ needs Node ≥ 22.19,
 * this machine has Node 20. Any failure to run is reported as a skip with its reason.
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
  scores: Record<Category, number>;
  /** Categories under their minimum. */
  failed: Category[];
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

export async function runLighthouse(origin: string, outDir: string): Promise<LighthouseFigures> {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const env = { ...process.env, CHROME_PATH: CHROMIUM_PATH };
  const reportDir = join(outDir, 'lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const results: LighthouseScore[] = [];
  try {
    for (const preset of ['desktop', 'mobile'] as const) {
      for (const path of LIGHTHOUSE_PATHS) {
        process.stdout.write(`  lighthouse ${preset} ${path} …`);
        const name = `${preset}${path === '/' ? '-home' : path.replaceAll('/', '-')}.json`;
        const file = join(reportDir, name);
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
        const minimum = BUDGETS.lighthouse[preset];
        const failed = CATEGORIES.filter((category) => scores[category] < minimum[category]);
        results.push({ preset, path, scores, failed });
        process.stdout.write(' done\n');
      }
    }
  } catch (error) {
    process.stdout.write(' failed\n');
    const reason = error instanceof Error ? error.message : String(error);
    return { ran: false, reason: `Lighthouse could not run here: ${reason}` };
  }
  return { ran: true, version: LIGHTHOUSE_VERSION, results };
}
