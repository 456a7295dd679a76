/**
 * npm run soak — does the kiosk renderer last? Drives the built kiosk renderer (out/renderer,
 * from `npm run build:e2e`) from disk in Debian Chromium with a fake clock through N shopper
 * sessions, samples heap, DOM nodes, listeners and detached nodes after a forced GC every
 * 50 sessions, writes bench-results/soak.json and bench-results/soak.svg, prints a verdict
 * and exits non-zero when a budget is over (tools/soak/soak-budgets.ts).
 *
 *   --sessions N   default 1000
 *   --every N      sample every N sessions, default 50
 *   --out DIR      default bench-results
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/browser/chromium';
import { parseCount } from '../../shared/count-flag';
import { REPO_ROOT } from '../../tools/repo-root';
import { formatVerdict, judgeSoak, SOAK_BUDGETS } from '../../tools/soak/soak-budgets';
import { soakChartSvg } from '../../tools/soak/soak-chart';
import { serveCatalogue } from '../../tools/soak/soak-catalogue';
import { CHROMIUM_FILE_ARGS, runSoak } from '../../tools/soak/soak-run';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run soak [-- --sessions N] [-- --every N] [-- --out DIR]

Drives the built kiosk renderer (out/renderer, from npm run build:e2e) in Debian Chromium
through N shopper sessions, samples memory, writes soak.json and soak.svg, and exits
non-zero when a budget is over.

  --sessions N   default 1000
  --every N      sample every N sessions, default 50
  --out DIR      default bench-results`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sessions: { type: 'string', default: '1000' },
      every: { type: 'string', default: '50' },
      out: { type: 'string', default: 'bench-results' },
    },
    strict: true,
  });
  const sessions = parseCount('sessions', values.sessions, 1) ?? 1000;
  const every = parseCount('every', values.every, 1) ?? 50;
  const outDir = resolve(REPO_ROOT, values.out);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...CHROMIUM_FILE_ARGS],
    headless: true,
  });
  const started = Date.now();
  try {
    const context = await browser.newContext({
      viewport: { width: 1080, height: 1920 },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    await serveCatalogue(context);
    const page = await context.newPage();
    console.log(`soak: ${sessions} sessions on out/renderer, a sample every ${every}`);
    const samples = await runSoak(page, {
      sessions,
      every,
      onSample: (s) =>
        console.log(
          `  ${String(s.sessions).padStart(5)} sessions: heap ${(s.heapBytes / 1048576).toFixed(2)} MiB, ${s.nodes} nodes, ${s.listeners} listeners, ${s.detachedNodes} detached`,
        ),
    });
    const verdict = judgeSoak(samples);
    mkdirSync(outDir, { recursive: true });
    const result = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      sessions,
      sampleEvery: every,
      minutes: Math.round((Date.now() - started) / 600) / 100,
      budgets: SOAK_BUDGETS,
      samples,
      verdict,
    };
    writeFileSync(join(outDir, 'soak.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(
      join(outDir, 'soak.svg'),
      soakChartSvg(samples, `Kiosk renderer over ${sessions} shopper sessions (after GC)`),
    );
    for (const line of formatVerdict(verdict, sessions)) console.log(line);
    console.log(`wrote ${join(values.out, 'soak.json')} and ${join(values.out, 'soak.svg')}`);
    if (!verdict.pass) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
