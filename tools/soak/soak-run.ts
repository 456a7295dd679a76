/**
 * The soak's run, shared by `npm run soak` and its 20-session smoke test: the kiosk
 * renderer build opened from disk (out/renderer, as tests/e2e/kiosk opens it) under a fake
 * clock, N shopper sessions, a sample every `every` sessions. The caller says where the
 * catalogue comes from (soak-catalogue.ts for the script, the e2e server for the smoke).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import type { SoakSample } from './soak-budgets';
import { takeSample, startSampler } from './soak-sampler';
import { attractScreen, shopperSession } from './soak-session';

// From __dirname, not import.meta: the Playwright smoke test loads this file too.
export const KIOSK_INDEX = resolve(__dirname, '../../out/renderer/index.html');
export const CHROMIUM_FILE_ARGS = ['--allow-file-access-from-files'];

export interface SoakOptions {
  sessions: number;
  every: number;
  /** Told after each sample, for progress output. */
  onSample?: (sample: SoakSample) => void;
}

export function assertKioskRendererBuilt(): void {
  if (!existsSync(KIOSK_INDEX)) {
    throw new Error('out/renderer/index.html is missing: run npm run build:e2e first');
  }
}

/** Opens the kiosk under a fake clock and runs the sessions; resolves with the samples. */
export async function runSoak(page: Page, options: SoakOptions): Promise<SoakSample[]> {
  assertKioskRendererBuilt();
  await page.clock.install();
  await page.goto(pathToFileURL(KIOSK_INDEX).href);
  await page.getByRole('link', { name: 'Start Shoping' }).waitFor();
  const cdp = await startSampler(page);
  const samples: SoakSample[] = [];
  for (let session = 1; session <= options.sessions; session += 1) {
    await shopperSession(page, session);
    if (session % options.every === 0) {
      // Sampled at the attract screen, the same state every time.
      await attractScreen(page).waitFor();
      const sample = await takeSample(page, cdp, session);
      samples.push(sample);
      options.onSample?.(sample);
    }
  }
  await cdp.detach();
  return samples;
}
