/**
 * The rush's figures and budgets: how long after the shopper's confirm each order was drawn
 * on the pick screen, how long after the staff's move the board showed it (a number up
 * under Ready, a number gone once handed over), and the pick screen's longest main-thread
 * task. An order or a move the page never showed counts as missed, and a miss fails its
 * budget however fast the rest were.
 */
import type { MainThreadTasks } from '../fleet/main-thread-tasks';
import { percentile } from '../records/records-checks';
import type { Check } from '../results';
import type { PlacedOrder } from './rush-load';
import type { PageTimes } from './rush-probes';

export const RUSH_BUDGETS = {
  /** The shopper's confirm → the order drawn on the pick screen, p99. */
  pickShownP99Ms: 2000,
  /** The staff's move → the board showing it (up under Ready, or gone), p99. */
  boardChangeP99Ms: 1000,
  /** The pick screen's longest main-thread task during the rush. */
  longestTaskMs: 50,
} as const;

export interface Latencies {
  count: number;
  /** Sends the page never showed. */
  missed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface RushFigures {
  kiosks: number;
  everySeconds: number;
  minutes: number;
  /** Orders open on the pick screen before the rush began. */
  openBefore: number;
  /** Orders the kiosks confirmed in the rush. */
  placed: number;
  failures: string[];
  pickShown: Latencies;
  boardReady: Latencies;
  boardGone: Latencies;
  tasks: MainThreadTasks;
}

/** The waits from each send to when the page showed it; a send never shown is missed. */
export function latencies(pairs: readonly (readonly [number, number | undefined])[]): Latencies {
  const waits: number[] = [];
  let missed = 0;
  for (const [sentAt, shownAt] of pairs) {
    if (shownAt === undefined) missed += 1;
    else waits.push(Math.max(0, shownAt - sentAt));
  }
  return {
    count: pairs.length,
    missed,
    p50Ms: percentile(waits, 0.5),
    p99Ms: percentile(waits, 0.99),
    maxMs: waits.length === 0 ? Number.NaN : Math.max(...waits),
  };
}

/** The pick screen's and the board's waits, from the orders sent and the pages' times. */
export function rushLatencies(
  orders: readonly PlacedOrder[],
  times: PageTimes,
): Pick<RushFigures, 'pickShown' | 'boardReady' | 'boardGone'> {
  const pairs = (
    sent: (order: PlacedOrder) => number | null,
    shown: (order: PlacedOrder) => number | undefined,
  ) =>
    orders.flatMap((order) => {
      const at = sent(order);
      return at === null ? [] : [[at, shown(order)] as const];
    });
  return {
    pickShown: latencies(
      pairs(
        (order) => order.sentAt,
        (order) => times.cards[order.receiptId],
      ),
    ),
    boardReady: latencies(
      pairs(
        (order) => order.readyAt,
        (order) => times.ready[order.number],
      ),
    ),
    boardGone: latencies(
      pairs(
        (order) => order.handedAt,
        (order) => times.gone[order.number],
      ),
    ),
  };
}

const status = (pass: boolean): Check['status'] => (pass ? 'PASS' : 'FAIL');

const judged = (name: string, shown: Latencies, budget: number): Check => ({
  name,
  measured:
    shown.missed > 0
      ? `${shown.missed} of ${shown.count} never shown`
      : `${Math.round(shown.p99Ms)} ms`,
  limit: `≤ ${budget} ms`,
  status: status(shown.count > 0 && shown.missed === 0 && shown.p99Ms <= budget),
});

export function rushChecks(figures: RushFigures): Check[] {
  const board: Latencies = {
    count: figures.boardReady.count + figures.boardGone.count,
    missed: figures.boardReady.missed + figures.boardGone.missed,
    p50Ms: Number.NaN,
    p99Ms: Math.max(figures.boardReady.p99Ms, figures.boardGone.p99Ms),
    maxMs: Math.max(figures.boardReady.maxMs, figures.boardGone.maxMs),
  };
  return [
    judged(
      'rush: confirm → shown on the pick screen, p99',
      figures.pickShown,
      RUSH_BUDGETS.pickShownP99Ms,
    ),
    judged('rush: staff move → shown on the board, p99', board, RUSH_BUDGETS.boardChangeP99Ms),
    {
      name: 'rush: pick screen longest main-thread task',
      measured: `${figures.tasks.longestMs.toFixed(1)} ms`,
      limit: `< ${RUSH_BUDGETS.longestTaskMs} ms`,
      status: status(
        figures.tasks.count > 0 && figures.tasks.longestMs < RUSH_BUDGETS.longestTaskMs,
      ),
    },
    {
      name: 'rush: every order and move accepted by the service',
      measured: `${figures.failures.length} refused`,
      limit: '0',
      status: status(figures.failures.length === 0),
    },
  ];
}

const row = (name: string, shown: Latencies): string =>
  `| ${name} | ${shown.count} | ${shown.missed} | ${Math.round(shown.p50Ms)} | ${Math.round(shown.p99Ms)} | ${Math.round(shown.maxMs)} |`;

export function rushTable(figures: RushFigures): string {
  const { tasks } = figures;
  return [
    `${figures.kiosks} kiosks, an order each every ${figures.everySeconds} s for ${figures.minutes} min; ${figures.openBefore} orders open before; ${figures.placed} confirmed`,
    '',
    '| shown | sends | missed | p50 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('order on the pick screen (after confirm)', figures.pickShown),
    row('number up under Ready on the board (after the move)', figures.boardReady),
    row('number gone from the board (after hand-over)', figures.boardGone),
    '',
    `pick screen main thread: ${tasks.count} tasks, longest ${tasks.longestMs.toFixed(1)} ms (CPU ${tasks.longestCpuMs?.toFixed(1) ?? '–'} ms), ${tasks.over50ms} of 50 ms or more, busy ${(tasks.busyShare * 100).toFixed(1)} %`,
  ].join('\n');
}
