import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/after-next-paint';
import { inKeptScreen } from '@/lib/first-screen-pass';
import { gridColumns } from './grid-columns';

let firstGridShown = false;

/**
 * How many of a page's `total` cards to render now. The visit's first grid renders its top
 * row first (one card on a phone, two or three wider), and the rest once that has painted,
 * in a render React may pause for input: the first cards are painted sooner, on a cold load
 * and on the tap from the landing page, and no single task holds the main thread for the
 * whole page. The grid keeps the other cards' places meanwhile (catalogue-results.tsx), so
 * nothing below moves. Every later grid (a search, a category, a page change, the way back
 * to a scrolled page) renders all its cards at once: an interaction's results come whole.
 * So does a grid a returning visitor's kept page painted already (src/lib/first-screen-pass.ts):
 * React takes it over as it was kept.
 */
export function useCardsToRender(total: number): number {
  const [firstRow, setFirstRow] = useState(() =>
    firstGridShown || inKeptScreen() ? null : gridColumns(),
  );
  // A first grid that fits in its top row is whole already: later ones render at once.
  if (firstRow !== null && total > 0 && total <= firstRow) setFirstRow(null);
  const deferring = firstRow !== null && total > firstRow;
  useEffect(() => {
    if (total > 0) firstGridShown = true;
    if (!deferring) return undefined;
    return afterNextPaint(() => startTransition(() => setFirstRow(null)));
  }, [deferring, total]);
  return deferring ? firstRow : total;
}

/** Tests only: a new visit. */
export function resetFirstGridForTests(): void {
  firstGridShown = false;
}
