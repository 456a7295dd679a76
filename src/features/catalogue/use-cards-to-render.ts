import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/after-next-paint';
import { isPhoneScreen } from '@/lib/phone-screen';

let firstGridShown = false;

/**
 * How many of a page's `total` cards to render now. The visit's first grid on a phone shows
 * one card on its first screen, so it renders that one first and the rest after it has
 * painted, in a render React may pause for input: the first card is painted sooner and no
 * single task holds the phone's main thread for the whole page. On wider screens, where a
 * row or two is in view, and for every later grid (a search, a category, a page change, the
 * way back to a scrolled page), all cards render at once.
 */
export function useCardsToRender(total: number): number {
  const [firstOnly, setFirstOnly] = useState(() => !firstGridShown && isPhoneScreen());
  const deferring = firstOnly && total > 1;
  useEffect(() => {
    if (total > 0) firstGridShown = true;
    if (!deferring) return undefined;
    return afterNextPaint(() => startTransition(() => setFirstOnly(false)));
  }, [deferring, total]);
  return deferring ? 1 : total;
}

/** Tests only: a new visit. */
export function resetFirstGridForTests(): void {
  firstGridShown = false;
}
