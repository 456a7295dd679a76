/**
 * What the rush bench reads in the pages, as a person sees them: when each order's card was
 * first drawn on the pick screen, and when each collection number came up under Ready on
 * the board and left it. Times are the wall clock (Date.now(), the bench's own clock on the
 * same machine) in the animation frame after the change, so a paint follows.
 *
 * The pick screen's probe looks at added nodes only: the page it watches is the one whose
 * main-thread tasks are judged, so it must not scan 300 cards on every change.
 */
import type { Page } from '@playwright/test';

interface RushWindow {
  __rushCards?: Record<string, number>;
  __rushReady?: Record<string, number>;
  __rushGone?: Record<string, number>;
}

/** Runs in the pick page: each card (article[data-order]) when first drawn, by receipt id. */
export function installPickProbe(): void {
  const probeWindow = window as RushWindow;
  const cards: Record<string, number> = {};
  probeWindow.__rushCards = cards;
  const fresh = new Set<string>();
  const note = (element: Element): void => {
    const id = element.getAttribute('data-order');
    if (id !== null && cards[id] === undefined) fresh.add(id);
  };
  let frame = false;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches('article[data-order]')) note(node);
        for (const inner of node.querySelectorAll('article[data-order]')) note(inner);
      }
    }
    if (fresh.size === 0 || frame) return;
    frame = true;
    requestAnimationFrame(() => {
      frame = false;
      const at = Date.now();
      for (const id of fresh) cards[id] ??= at;
      fresh.clear();
    });
  }).observe(document, { childList: true, subtree: true });
}

/** Runs in the board page: when each number came up under Ready, and when it left the board. */
export function installBoardProbe(): void {
  const probeWindow = window as RushWindow;
  const ready: Record<string, number> = {};
  const gone: Record<string, number> = {};
  probeWindow.__rushReady = ready;
  probeWindow.__rushGone = gone;
  const numbers = (selector: string): Set<string> =>
    new Set(Array.from(document.querySelectorAll(selector), (item) => item.textContent.trim()));
  let shown = new Set<string>();
  let frame = false;
  new MutationObserver(() => {
    if (frame) return;
    frame = true;
    requestAnimationFrame(() => {
      frame = false;
      const at = Date.now();
      for (const number of numbers('section[aria-labelledby="board-ready"] li')) {
        ready[number] ??= at;
      }
      const now = numbers('section li');
      for (const number of shown) if (!now.has(number)) gone[number] ??= at;
      shown = now;
    });
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

export interface PageTimes {
  /** Receipt id → when its card was first drawn on the pick screen. */
  cards: Record<string, number>;
  /** Collection number → when it first showed under Ready on the board. */
  ready: Record<string, number>;
  /** Collection number → when it last left the board. */
  gone: Record<string, number>;
}

export async function readPageTimes(pick: Page, board: Page): Promise<PageTimes> {
  const cards = await pick.evaluate(() => (window as RushWindow).__rushCards ?? {});
  const [ready, gone] = await board.evaluate(() => [
    (window as RushWindow).__rushReady ?? {},
    (window as RushWindow).__rushGone ?? {},
  ]);
  return { cards, ready, gone };
}
