// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offsetShowing, rowsInView, type RowLayout } from './row-window';

const layout = (count: number): RowLayout => ({
  count,
  rowHeight: 72,
  headerHeight: 44,
  overscan: 4,
});

describe('the kiosk table’s rows in view', () => {
  it('are the rows under the box and four either side, clipped to the list', () => {
    expect(rowsInView({ offset: 0, height: 756 }, layout(10_000))).toEqual({ first: 0, last: 13 });
    expect(rowsInView({ offset: 44 + 5000 * 72, height: 756 }, layout(10_000))).toEqual({
      first: 4996,
      last: 5014,
    });
    expect(rowsInView({ offset: 0, height: 756 }, layout(3))).toEqual({ first: 0, last: 2 });
    expect(rowsInView({ offset: 0, height: 756 }, layout(0))).toEqual({ first: 0, last: -1 });
  });

  it('are the list’s last rows when it shrank under a box scrolled past its new end', () => {
    expect(rowsInView({ offset: 44 + 5000 * 72, height: 756 }, layout(20))).toEqual({
      first: 5,
      last: 19,
    });
  });

  it('always hold every row any part of which is in view, and never reach past the list', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 100, max: 3000 }),
        (count, offset, height) => {
          const rows = layout(count);
          const end = Math.max(0, 44 + count * 72 - height);
          const at = Math.min(offset, end);
          const { first, last } = rowsInView({ offset, height }, rows);
          expect(first).toBeGreaterThanOrEqual(0);
          expect(last).toBeLessThan(count);
          expect(first).toBeLessThanOrEqual(last);
          for (const index of [first - 1, last + 1]) {
            if (index < 0 || index >= count) continue;
            const top = 44 + index * 72;
            // A row left out lies wholly outside the view.
            expect(top + 72 <= at || top >= at + height).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('scrolling a row into view', () => {
  const view = { offset: 44 + 100 * 72, height: 756 };

  it('moves as little as it can: the row just under the header, or at the bottom', () => {
    expect(offsetShowing(50, view, layout(10_000))).toBe(50 * 72);
    expect(offsetShowing(200, view, layout(10_000))).toBe(44 + 201 * 72 - 756);
    expect(offsetShowing(101, view, layout(10_000))).toBeNull();
  });

  it('shows the row whole below the sticky header wherever the box was', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999 }),
        fc.integer({ min: 0, max: 720_000 }),
        (index, offset) => {
          const before = { offset, height: 756 };
          const to = offsetShowing(index, before, layout(10_000)) ?? offset;
          const top = 44 + index * 72;
          expect(top).toBeGreaterThanOrEqual(to + 44);
          expect(top + 72).toBeLessThanOrEqual(to + 756);
        },
      ),
      { numRuns: 500 },
    );
  });
});
