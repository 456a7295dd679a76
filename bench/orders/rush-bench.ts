/**
 * `npm run bench -- --rush`: a shop's busy hour at the pick counter. A real shop service
 * (its own process, PGlite in a fresh folder, as `npm run shop-service` runs it) holds 300
 * open orders; a pick screen (signed in as counter staff, 1920×1080) and the ready board
 * are open on it, each in a headless Chromium of its own (the board's lowered, as the
 * screen of another machine: bench/run.ts). Then 20 kiosks each confirm an order every 10 s for
 * 10 minutes, and each order is taken, made ready and handed over 15 s apart, over the pick
 * screens' own routes. Timed as staff and shoppers see it (rush-probes.ts): each order
 * drawn on the pick screen after its confirm, each number up under Ready and gone from the
 * board after its move; the pick screen's main-thread tasks are traced for the whole rush.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { buildConsole, consoleNeedsBuild } from '../../tools/build/console-build';
import { makeWorld } from '../../tests/services/shop/support/shop-world';
import {
  shopServicePort,
  startShopService,
  STAFF_PASSWORD,
  type ShopService,
} from '../../tests/e2e/fleet-console/support/shop-service';
import { freshContext } from '../chromium';
import { initScript } from '../page-probes';
import { mainThreadTasksOfTrace, TASK_TRACE_CATEGORIES } from '../fleet/main-thread-tasks';
import { rushLatencies, type RushFigures } from './rush-checks';
import { moveOrder, numberSource, placeOrder, runRush, STEPS, type PlacedOrder } from './rush-load';
import { installBoardProbe, installPickProbe, readPageTimes } from './rush-probes';

export interface RushOptions {
  kiosks: number;
  everySeconds: number;
  minutes: number;
  openOrders: number;
  /** Each order's take, ready and hand-over this long apart. */
  stepSeconds: number;
}

export const RUSH_DEFAULTS: RushOptions = {
  kiosks: 20,
  everySeconds: 10,
  minutes: 10,
  openOrders: 300,
  stepSeconds: 15,
};

const SHOWN_DEADLINE_MS = 60_000;
/** After the last move: time for the pages to show it before they are read. */
const SETTLE_MS = 3000;

async function signedInPick(browser: Browser, origin: string): Promise<Page> {
  const context = await freshContext(browser, { width: 1920, height: 1080 });
  const page = await context.newPage();
  await page.addInitScript(initScript(installPickProbe, null));
  await page.goto(`${origin}/pick`);
  const card = page.getByRole('region', { name: 'Sign in to the shop service' });
  await card.getByLabel('Username').fill('counter-1');
  await card.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await card.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(/^Signed in as/).waitFor({ timeout: SHOWN_DEADLINE_MS });
  return page;
}

async function openBoard(browser: Browser, origin: string): Promise<Page> {
  const context = await freshContext(browser, { width: 1920, height: 1080 });
  const page = await context.newPage();
  await page.addInitScript(initScript(installBoardProbe, null));
  await page.goto(`${origin}/board`);
  await page.getByRole('heading', { name: 'Preparing' }).waitFor({ timeout: SHOWN_DEADLINE_MS });
  return page;
}

/** The open orders the rush starts on: a third of them already being picked. */
async function seedOpenOrders(
  service: ShopService,
  kiosks: ReturnType<typeof makeWorld>['kiosks'],
  count: number,
  nextNumber: () => string,
): Promise<PlacedOrder[]> {
  const placed: PlacedOrder[] = [];
  for (let index = 0; index < count; index += 1) {
    const kiosk = kiosks[index % kiosks.length];
    if (!kiosk) throw new Error('the rush needs at least one kiosk');
    const order = await placeOrder(service.origin, kiosk, nextNumber());
    if (index % 3 === 0) await moveOrder(service, order, STEPS[0]!);
    placed.push(order);
  }
  return placed;
}

async function waitForCards(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelectorAll('article[data-order]').length >= wanted,
    count,
    { timeout: SHOWN_DEADLINE_MS },
  );
}

export async function measureRush(
  browsers: { pick: Browser; board: Browser },
  options: RushOptions,
  say: (line: string) => void,
): Promise<RushFigures> {
  if (consoleNeedsBuild()) {
    say('Building the console (out/console), which the shop service serves at /pick and /board');
    await buildConsole();
  }
  const world = makeWorld(options.kiosks);
  const service = await startShopService(await shopServicePort(), {
    prefix: world.trust.prefix,
    enrolmentKey: world.trust.enrolmentKey,
    allowOrigins: [],
  });
  try {
    for (const kiosk of world.kiosks) await service.postCertificate(kiosk.envelope);
    const nextNumber = numberSource();
    say(`${options.openOrders} open orders, then the pick screen and the board`);
    await seedOpenOrders(service, world.kiosks, options.openOrders, nextNumber);
    const pick = await signedInPick(browsers.pick, service.origin);
    await waitForCards(pick, options.openOrders);
    const board = await openBoard(browsers.board, service.origin);
    say(
      `Rush: ${options.kiosks} kiosks, an order each every ${options.everySeconds} s for ${options.minutes} min, traced`,
    );
    await browsers.pick.startTracing(pick, { categories: TASK_TRACE_CATEGORIES });
    const { orders, failures } = await runRush(
      service,
      {
        kiosks: world.kiosks,
        everyMs: options.everySeconds * 1000,
        durationMs: options.minutes * 60_000,
        stepMs: options.stepSeconds * 1000,
      },
      nextNumber,
    );
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    const trace = await browsers.pick.stopTracing();
    // BENCH_TRACE_FILE=path keeps the pick screen's trace, to open the long tasks in DevTools.
    const keepTrace = process.env.BENCH_TRACE_FILE;
    if (keepTrace) writeFileSync(keepTrace, trace);
    const times = await readPageTimes(pick, board);
    return {
      ...options,
      openBefore: options.openOrders,
      placed: orders.length,
      failures,
      ...rushLatencies(orders, times),
      tasks: mainThreadTasksOfTrace(trace),
    };
  } finally {
    await service.dispose();
  }
}
