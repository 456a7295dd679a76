/**
 * The visit's first grid of products renders its top row first and the rest a frame later
 * (src/features/catalogue/use-cards-to-render.ts). The places of the cards still to come are
 * kept meanwhile: from the first frame that shows a card, the page is as tall as it will be,
 * and nothing on it moves (no layout shift the shopper did not cause), at every screen size.
 */
import { expect, test } from '../support/fixtures';
import { VIEWPORTS } from '../support/ui';

interface Watched {
  shifts: { value: number; hadRecentInput: boolean; sources: string[] }[];
  /** The first frame with a card in it: how many cards, and the page's height. */
  firstFrame: { cards: number; height: number } | null;
}

/** Records every layout shift and the first frame with a card, from the page's start. */
const WATCH = `
  window.__watched = { shifts: [], firstFrame: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__watched.shifts.push({
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        sources: (entry.sources || []).map((source) =>
          (source.node ? source.node.nodeName : '?') + ' ' + source.previousRect.y + ' → ' + source.currentRect.y),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  function watchFrame() {
    const cards = document.querySelectorAll('main article').length;
    if (cards > 0 && window.__watched.firstFrame === null) {
      window.__watched.firstFrame = { cards, height: document.documentElement.scrollHeight };
      return;
    }
    requestAnimationFrame(watchFrame);
  }
  requestAnimationFrame(watchFrame);
`;

test.describe('the first grid of products', () => {
  for (const [name, viewport, columns] of [
    ['a phone', VIEWPORTS.phone, 1],
    ['a laptop', VIEWPORTS.laptop, 3],
    ['a landscape kiosk', VIEWPORTS.kioskLandscape, 3],
    ['a portrait kiosk', VIEWPORTS.kioskPortrait, 2],
  ] as const) {
    test(`on ${name}: shows its top row at once, and nothing moves as the rest comes`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript({ content: WATCH });
      await page.goto('/products');
      const grid = page.getByRole('list', { name: 'Products' });
      await expect(grid.getByRole('article')).toHaveCount(6);
      // The cards a frame later, and their images' loads, have had their time to move things.
      await page.waitForTimeout(500);
      const watched = await page.evaluate(
        () => (window as unknown as { __watched: Watched }).__watched,
      );
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(watched.firstFrame, 'a frame with a card was seen').not.toBeNull();
      expect(watched.firstFrame!.cards).toBeGreaterThanOrEqual(columns);
      expect(watched.firstFrame!.height, 'the page’s height when the first card showed').toBe(
        height,
      );
      expect(watched.shifts.filter((shift) => !shift.hadRecentInput)).toEqual([]);
      // The kept places are not products: no empty item is read out or counted.
      await expect(grid.getByRole('listitem')).toHaveCount(6);
    });
  }
});
