/**
 * Counters driving the service over real HTTP: each with its own login, each working
 * through the same receipts in its own order, claiming each once and recording every claim
 * in the history (history.ts). A claim that gets no answer (the service was killed) is sent
 * again with the same handover id until the service answers, as a counter's retry does.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { newHandoverId } from './shop-world';
import type { Operation } from './history';

export interface CounterRun {
  origin: () => string;
  /** Session cookie per counter name. */
  cookies: ReadonlyMap<string, string>;
  /** Receipt id → its signed code. */
  codes: ReadonlyMap<string, string>;
  /** Give up on a receipt's retries after this time. */
  deadline: number;
  /** Called after each answered claim (to kill the service part-way, say). */
  onAnswer?: (answered: number) => void;
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const result = [...items];
  let state = seed;
  for (let index = result.length - 1; index > 0; index -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const other = state % (index + 1);
    [result[index], result[other]] = [result[other] as T, result[index] as T];
  }
  return result;
}

async function claimOnce(run: CounterRun, cookie: string, code: string, handoverId: string) {
  try {
    const response = await fetch(`${run.origin()}/handovers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ code, handoverId }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as { handover?: { handoverId?: string } };
    if (response.status === 201 || response.status === 200) return { outcome: 'won' as const };
    if (response.status === 409)
      return { outcome: 'lost' as const, shown: body.handover?.handoverId ?? '' };
    return { outcome: 'unknown' as const, status: response.status };
  } catch {
    return { outcome: 'unknown' as const };
  }
}

/** Runs every counter to the end of the receipts; the history of every claim sent. */
export async function runCounters(run: CounterRun): Promise<Operation[]> {
  const history: Operation[] = [];
  const receipts = [...run.codes.keys()];
  let answered = 0;
  await Promise.all(
    [...run.cookies].map(async ([counter, cookie], index) => {
      for (const receipt of shuffled(receipts, index + 1)) {
        const handoverId = newHandoverId();
        const code = run.codes.get(receipt) ?? '';
        for (;;) {
          const start = Date.now();
          const result = await claimOnce(run, cookie, code, handoverId);
          history.push({ counter, receipt, handoverId, start, end: Date.now(), ...result });
          if (result.outcome !== 'unknown') {
            answered += 1;
            run.onAnswer?.(answered);
            break;
          }
          if (Date.now() > run.deadline) break;
          await sleep(100);
        }
      }
    }),
  );
  return history;
}
