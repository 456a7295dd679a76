import { describe, expect, it } from 'vitest';
import type { MainThreadTasks } from '../fleet/main-thread-tasks';
import { latencies, rushChecks, rushLatencies, type RushFigures } from './rush-checks';
import type { PlacedOrder } from './rush-load';

const order = (receiptId: string, number: string, sentAt: number): PlacedOrder => ({
  receiptId,
  kioskId: 'kiosk-01',
  number,
  sentAt,
  readyAt: sentAt + 30_000,
  handedAt: sentAt + 45_000,
});

const tasks = (longestMs: number): MainThreadTasks => ({
  count: 100,
  longestMs,
  longestCpuMs: longestMs,
  over50ms: longestMs >= 50 ? 1 : 0,
  top: [],
  busyShare: 0.1,
});

function figures(overrides: Partial<RushFigures> = {}): RushFigures {
  const shown = latencies([[0, 100]]);
  return {
    kiosks: 20,
    everySeconds: 10,
    minutes: 10,
    openBefore: 300,
    placed: 1,
    failures: [],
    pickShown: shown,
    boardReady: shown,
    boardGone: shown,
    tasks: tasks(20),
    ...overrides,
  };
}

describe('the rush bench budgets', () => {
  it('times each send to when its page showed it, and counts what it never showed', () => {
    const orders = [order('r1', 'C 1', 1000), order('r2', 'F 1', 2000)];
    const shown = rushLatencies(orders, {
      cards: { r1: 1300, r2: 2500 },
      ready: { 'C 1': 31_200 },
      gone: { 'C 1': 46_100, 'F 1': 47_900 },
    });
    expect(shown.pickShown).toMatchObject({ count: 2, missed: 0, p50Ms: 300, maxMs: 500 });
    expect(shown.boardReady).toMatchObject({ count: 2, missed: 1, p99Ms: 200 });
    expect(shown.boardGone).toMatchObject({ count: 2, missed: 0, maxMs: 900 });
  });

  it('passes a rush within every budget', () => {
    expect(rushChecks(figures()).map((check) => check.status)).toEqual([
      'PASS',
      'PASS',
      'PASS',
      'PASS',
    ]);
  });

  it('fails a slow pick screen, a missed board change, a long task and a refused order', () => {
    const slow = latencies([[0, 2500]]);
    const missed = latencies([[0, undefined]]);
    const statuses = rushChecks(
      figures({ pickShown: slow, boardGone: missed, tasks: tasks(51), failures: ['409'] }),
    ).map((check) => check.status);
    expect(statuses).toEqual(['FAIL', 'FAIL', 'FAIL', 'FAIL']);
  });

  it('fails a rush in which nothing was shown at all', () => {
    const none = latencies([]);
    expect(rushChecks(figures({ pickShown: none }))[0]?.status).toBe('FAIL');
  });
});
