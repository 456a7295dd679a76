/**
 * `npm run bench -- --breakdown`: where the time goes before the first card on a cold
 * /products (and before the title on a cold /product/1), read from Chromium traces. Our web build is built again with hidden source
 * maps (out/bench-traced) so each profiled frame is named by its source file; with
 * `--compare DIR` the peer's build is traced in alternating loads beside it (by phase too
 * when its build has `.map` files beside its assets, e.g. `vite build --sourcemap hidden`).
 */
import type { Browser } from '@playwright/test';
import { freePort, serveShop } from '../bench-server';
import type { Device } from '../chromium';
import { median } from '../compare';
import { preparePeer } from '../peer';
import { PHASES, type Phase } from './attribute';
import { tracedLoad, type TracedLoad, type TracedPage, type TracedShop } from './measure';
import { sourcesIn } from './source-maps';
import { buildTraced } from './traced-build';

export interface BreakdownSummary {
  name: string;
  loads: TracedLoad[];
  paintedMs: number;
  busyMs: number;
  phases: Partial<Record<Phase, number>>;
  /** Requests seen in most loads: median sent and finished, ms after navigation start. */
  requests: { path: string; startMs: number; endMs?: number }[];
}

export interface BreakdownResults {
  runs: number;
  pages: { label: string; path: string; shops: BreakdownSummary[] }[];
}

export function summarizeLoads(name: string, loads: readonly TracedLoad[]): BreakdownSummary {
  const phases: Partial<Record<Phase, number>> = {};
  for (const phase of PHASES) {
    const values = loads.map((load) => load.phases[phase] ?? 0);
    if (values.some((value) => value > 0)) phases[phase] = median(values);
  }
  const paths = new Map<string, { starts: number[]; ends: number[] }>();
  for (const load of loads) {
    for (const request of load.requests) {
      const seen = paths.get(request.path) ?? { starts: [], ends: [] };
      seen.starts.push(request.startMs);
      if (request.endMs !== undefined) seen.ends.push(request.endMs);
      paths.set(request.path, seen);
    }
  }
  const requests = [...paths.entries()]
    .filter(([, seen]) => seen.starts.length * 2 > loads.length)
    .map(([path, seen]) => ({
      path,
      startMs: median(seen.starts),
      ...(seen.ends.length === 0 ? {} : { endMs: median(seen.ends) }),
    }))
    .sort((a, b) => a.startMs - b.startMs);
  return {
    name,
    loads: [...loads],
    paintedMs: median(loads.map((load) => load.paintedMs)),
    busyMs: median(loads.map((load) => load.busyMs)),
    phases,
    requests,
  };
}

export async function runBreakdown(
  browser: Browser,
  options: {
    runs: number;
    compare?: string;
    compareCatalogue: string;
    productTitle: (origin: string) => Promise<string>;
    /** The device the loads run on (a laptop unless said). */
    device?: Device;
  },
  log: (line: string) => void,
): Promise<BreakdownResults> {
  log('traced web build → out/bench-traced (hidden source maps)');
  const tracedDir = await buildTraced();
  const peer =
    options.compare === undefined
      ? undefined
      : preparePeer(options.compare, options.compareCatalogue);
  const servers = [await serveShop(await freePort(), undefined, tracedDir)];
  try {
    const shops: TracedShop[] = [
      {
        name: 'this shop',
        origin: servers[0]!.origin,
        sourceOf: sourcesIn(tracedDir, servers[0]!.origin),
      },
    ];
    if (peer) {
      const server = await serveShop(await freePort(), undefined, peer.dir);
      servers.push(server);
      shops.push({
        name: 'peer',
        origin: server.origin,
        sourceOf: sourcesIn(peer.dir, server.origin),
      });
    }
    const pages: { label: string; traced: TracedPage }[] = [
      {
        label: 'cold /products, until the first card',
        traced: { path: '/products', target: { kind: 'first-card' } },
      },
      {
        label: 'warm /products (catalogue cached), until the first card',
        traced: { path: '/products', target: { kind: 'first-card' }, warm: true },
      },
      {
        label: 'cold /product/1, until its title',
        traced: {
          path: '/product/1',
          target: { kind: 'heading', text: await options.productTitle(shops[0]!.origin) },
        },
      },
    ];
    const results: BreakdownResults = { runs: options.runs, pages: [] };
    for (const { label, traced } of pages) {
      // One unmeasured load each, so Chromium's own start-up is in no figure.
      for (const shop of shops) await tracedLoad(browser, shop, traced, options.device);
      const loads = shops.map((): TracedLoad[] => []);
      for (let run = 0; run < options.runs; run += 1) {
        log(`  traced ${label}, ${run + 1} of ${options.runs}`);
        // Alternating, and each pair in the other order than the last.
        const order = run % 2 === 0 ? shops.map((_, i) => i) : shops.map((_, i) => i).reverse();
        for (const index of order)
          loads[index]!.push(await tracedLoad(browser, shops[index]!, traced, options.device));
      }
      results.pages.push({
        label,
        path: traced.path,
        shops: shops.map((shop, i) => summarizeLoads(shop.name, loads[i]!)),
      });
    }
    return results;
  } finally {
    for (const server of servers) await server.close();
    peer?.remove();
  }
}

const pad = (text: string, width: number): string => text.padEnd(width);

/** Each page: the phases side by side, then each shop's requests, as the console prints them. */
export function breakdownTable(results: BreakdownResults): string {
  return results.pages.map((page) => pageTable(page.label, page.shops)).join('\n\n');
}

function pageTable(label: string, shops: readonly BreakdownSummary[]): string {
  const cells = (value: (shop: BreakdownSummary) => string): string =>
    shops.map((shop) => pad(value(shop), 12)).join('');
  const lines = [
    `${label}: main thread, ms (median of ${shops[0]?.loads.length ?? 0})`,
    pad('', 44) + cells((shop) => shop.name),
    ...PHASES.filter((phase) => shops.some((shop) => shop.phases[phase] !== undefined)).map(
      (phase) => pad(phase, 44) + cells((shop) => (shop.phases[phase] ?? 0).toFixed(1)),
    ),
    pad('busy in all', 44) + cells((shop) => shop.busyMs.toFixed(1)),
    pad('navigation → painted', 44) + cells((shop) => shop.paintedMs.toFixed(1)),
  ];
  for (const shop of shops) {
    lines.push(`${shop.name}: requests (ms after navigation start, median sent → finished)`);
    for (const request of shop.requests) {
      lines.push(
        `  ${pad(request.path, 40)} ${request.startMs.toFixed(1)} → ${request.endMs?.toFixed(1) ?? '…'}`,
      );
    }
  }
  return lines.join('\n');
}
