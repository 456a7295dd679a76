/**
 * A long list read against its schema a slice at a time, the page's other work running
 * between slices. A snapshot of 300 open orders took 10–25 ms to check in one go (zod runs
 * without compiled checks under the pages' security policy), and the service may send up to
 * 2,000: in one task that held the pick screen's every tap and frame. The result, and what
 * fails, are the same as reading the list in one go: the first item that does not match
 * fails the whole read.
 */
import type { z } from 'zod';

/** How long a slice may run before the page gets its turn. */
export const SLICE_MS = 4;

/** Lets the page's waiting work (input, frames) run, then carries on. */
export type Pause = () => Promise<void>;

interface YieldingScheduler {
  yield(): Promise<void>;
}

/** The browser's own yield where it has one (its turn comes back before other tasks'). */
export const nextTurn: Pause = () => {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};

/** A schema whose reading may pause: a snapshot with a long list in it. */
export interface SlicedSchema<S> {
  parseInSlices(raw: unknown, pause: Pause): Promise<S>;
}

export async function parseListInSlices<T>(
  items: readonly unknown[],
  schema: z.ZodType<T>,
  pause: Pause = nextTurn,
  now: () => number = () => performance.now(),
): Promise<T[]> {
  const read: T[] = [];
  let sliceStart = now();
  for (const item of items) {
    if (now() - sliceStart >= SLICE_MS) {
      await pause();
      sliceStart = now();
    }
    read.push(schema.parse(item));
  }
  return read;
}
