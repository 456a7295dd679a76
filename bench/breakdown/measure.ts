/**
 * Traced cold loads (fresh context: no cache, no storage), alternating between the shops:
 * the load probe's time to its target (the first card, a product's title), and the main
 * thread's busy time before it by phase, with the page's requests on the same clock.
 */
import type { Browser } from '@playwright/test';
import { emulateCpu, freshContext, LAPTOP_DEVICE, type Device } from '../chromium';
import { firstVisit } from '../compare';
import { open, probedLoad } from '../load-timings';
import { initScript, installLoadProbe, type LoadTarget } from '../page-probes';
import { attribute, PHASES, type Phase, type SourceOf } from './attribute';
import {
  mainThreadOf,
  navigationStartOf,
  requestsOf,
  samplesOf,
  slicesOf,
  type TraceEvent,
} from './trace-events';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'blink.user_timing',
  'loading',
];
const PAINTED_MARK = 'bench:target-painted';

export interface TracedLoad {
  /** navigation start → target painted, ms (the load probe's figure). */
  paintedMs: number;
  /** main-thread busy time in that window, ms, and by phase. */
  busyMs: number;
  phases: Partial<Record<Phase, number>>;
  /** the page's requests: path (hashes as *), sent and finished, ms after navigation start. */
  requests: { path: string; startMs: number; endMs?: number }[];
}

export interface TracedShop {
  name: string;
  origin: string;
  sourceOf: SourceOf;
}

const ms = (us: number): number => Math.round(us / 10) / 100;

/** A request's path with its build hash as `*` (index-BD2x_9aQ.js → index-*.js). */
export const pathOf = (url: string, origin: string): string =>
  url.replace(origin, '').replace(/-[A-Za-z0-9_-]{8}\.(js|css)$/, '-*.$1');

/** Reads one trace: the load's window, its phases and requests. */
export function readTrace(
  events: readonly TraceEvent[],
  paintedMs: number,
  shop: TracedShop,
): TracedLoad {
  const thread = mainThreadOf(events, PAINTED_MARK);
  const mark = events.find((event) => event.name === PAINTED_MARK);
  const start = navigationStartOf(events, thread, mark?.ts ?? Infinity);
  const window = { start, end: start + paintedMs * 1000 };
  const { phases, busy } = attribute(
    samplesOf(events, thread),
    slicesOf(events, thread),
    window,
    shop.sourceOf,
  );
  const byPhase: Partial<Record<Phase, number>> = {};
  for (const phase of PHASES) {
    const value = phases.get(phase);
    if (value !== undefined) byPhase[phase] = ms(value);
  }
  return {
    paintedMs,
    busyMs: ms(busy),
    phases: byPhase,
    requests: requestsOf(events, thread.pid)
      .filter((request) => request.url.startsWith(shop.origin) && request.start <= window.end)
      .map((request) => ({
        path: pathOf(request.url, shop.origin),
        startMs: ms(request.start - start),
        ...(request.end === undefined ? {} : { endMs: ms(request.end - start) }),
      })),
  };
}

/** What a traced load opens, and what ends it (the load probe's target). */
export interface TracedPage {
  path: string;
  target: LoadTarget;
  /** A returning visit: the page visited once untraced (catalogue cached, service worker on). */
  warm?: boolean;
}

/** One traced cold load of `page.path` on `device`, until its target is painted. */
export async function tracedLoad(
  browser: Browser,
  shop: TracedShop,
  traced: TracedPage,
  device: Device = LAPTOP_DEVICE,
): Promise<TracedLoad> {
  const context = await freshContext(browser, device.viewport);
  try {
    const page = await context.newPage();
    await emulateCpu(page, device);
    await page.addInitScript(initScript(installLoadProbe, traced.target));
    if (traced.warm === true) await firstVisit(page, `${shop.origin}${traced.path}`);
    await browser.startTracing(page, { categories: CATEGORIES });
    let paintedMs = Number.NaN;
    let failure: Error | undefined;
    try {
      paintedMs = await probedLoad(page, open(page, `${shop.origin}${traced.path}`));
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    const buffer = await browser.stopTracing();
    if (failure) throw failure;
    const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    return readTrace(trace.traceEvents, paintedMs, shop);
  } finally {
    await context.close();
  }
}
