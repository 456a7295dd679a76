// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseListInSlices, SLICE_MS } from './sliced-read';

/** A clock that moves 1 ms each time it is read. */
const ticking = () => {
  let at = 0;
  return () => (at += 1);
};

describe('parseListInSlices', () => {
  it('gives the page its turn whenever a slice has run SLICE_MS', async () => {
    let pauses = 0;
    const read = await parseListInSlices(
      Array.from({ length: 40 }, (_, index) => index),
      z.int(),
      () => {
        pauses += 1;
        return Promise.resolve();
      },
      ticking(),
    );
    expect(read).toEqual(Array.from({ length: 40 }, (_, index) => index));
    // Each item costs a read of the clock (1 ms); a pause restarts the slice.
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(40 / SLICE_MS) - 1);
  });

  it('does not pause a list read within one slice', async () => {
    let pauses = 0;
    await parseListInSlices([1, 2, 3], z.int(), () => {
      pauses += 1;
      return Promise.resolve();
    });
    expect(pauses).toBe(0);
  });

  it('reads and refuses exactly what the schema does in one go', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.integer(), fc.anything()), { maxLength: 30 }),
        async (items) => {
          const whole = z.array(z.int()).safeParse(items);
          const sliced = await parseListInSlices(
            items,
            z.int(),
            () => Promise.resolve(),
            ticking(),
          ).then(
            (value) => ({ success: true as const, value }),
            () => ({ success: false as const, value: undefined }),
          );
          expect(sliced.success).toBe(whole.success);
          if (whole.success) expect(sliced.value).toEqual(whole.data);
        },
      ),
      { numRuns: 300 },
    );
  });
});
