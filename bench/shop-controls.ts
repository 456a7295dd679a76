/**
 * The /products controls, found by the spec's visible texts and roles only: the app is
 * being refactored, and these are what stays (spec §2: search box placeholder, Search
 * button, the category list, Previous/Next pagination).
 */
import type { Locator, Page } from '@playwright/test';

export const SEARCH_PLACEHOLDER = 'Search Mockups, Logos...';

/** Spec §2 category names, in an order where each differs from the one before. */
export const CATEGORY_CYCLE = [
  "Women's clothing",
  "Men's clothing",
  'Jewelery',
  'Electronics',
  'All',
] as const;

/**
 * Title words of the generated catalogue (server/catalogue/generate-catalogue.ts), each
 * matching a different set of products, so consecutive searches always change the grid.
 */
export const SEARCH_TERMS = [
  'Shirt',
  'Necklace',
  'Laptop',
  'Dress',
  'Cardigan',
  'Bracelet',
  'Monitor',
  'Chinos',
  'Earrings',
  'Headphones',
] as const;

export const firstCard = (page: Page): Locator =>
  page.getByRole('main').getByRole('article').first();

/**
 * Brings the control into view and lets two frames pass before it is tapped, as a shopper
 * scrolls to a button and then taps it. Left to Playwright's click, that scroll would come
 * a millisecond before the input, and the page would draw the harness's scroll (scroll
 * events, a new hover target) in the very frame being timed.
 */
async function reach(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await control.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/**
 * A finger's tap: pressed, then released a moment later. Playwright's own click sends the
 * move, the press and the release at once, so the release would wait behind the page's
 * work for the hover and the press (pressed styles, focus), which a finger has done long
 * before it lifts; the release is what a figure is timed from.
 */
export const PRESS_MS = 50;

/** One frame at the 60 Hz Chromium draws at here. */
export const FRAME_MS = 1000 / 60;

/**
 * How much longer than PRESS_MS the i-th tap is held: a spread over one frame (the golden
 * ratio's sequence, even for any count of taps), so releases land all through the frame, as
 * a finger's do. Without it every release came at one place: the press follows two frames
 * and a fixed chain of round trips, and 50 ms is three frames, so each release fell about
 * 3 ms after a frame began and every shop waited some 13 ms for the next one (traced: both
 * shops' results were in the DOM well before it). That one place hides what a tap's script
 * costs, which decides whether its results make the next frame when the finger lifts late
 * in one. Tap i is held the same for both shops of a pair.
 */
export function releaseOffsetMs(i: number): number {
  const golden = (Math.sqrt(5) - 1) / 2;
  const fraction = (Math.abs(i) * golden) % 1;
  return Math.round(fraction * FRAME_MS * 10) / 10;
}

/** Pressed, then released PRESS_MS + releaseOffsetMs(tap) later. */
export function tap(control: Locator, tapIndex: number): Promise<void> {
  return control.click({ delay: PRESS_MS + releaseOffsetMs(tapIndex) });
}

export async function search(
  page: Page,
  term: string,
  arm: () => Promise<void>,
  tapIndex: number,
): Promise<void> {
  await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(term);
  // In the search landmark where there is one; the compared shop's form is not marked as one.
  const landmark = page.getByRole('search');
  const scope = (await landmark.count()) > 0 ? landmark : page.getByRole('main');
  const submit = scope.getByRole('button', { name: 'Search', exact: true });
  await reach(submit);
  await arm();
  await tap(submit, tapIndex);
}

/**
 * A category button in the 'Categories' group, or an option of a category select if it
 * becomes one, or (the compared shop) an element of the main landmark with the category's text.
 */
export async function chooseCategory(
  page: Page,
  label: string,
  arm: () => Promise<void>,
  tapIndex: number,
): Promise<void> {
  const button = page
    .getByRole('group', { name: 'Categories' })
    .getByRole('button', { name: label, exact: true });
  if ((await button.count()) > 0) {
    await reach(button);
    await arm();
    await tap(button, tapIndex);
    return;
  }
  const select = page.getByRole('combobox', { name: /categor/i });
  if ((await select.count()) > 0) {
    await reach(select);
    await arm();
    await select.selectOption({ label });
    return;
  }
  // The compared shop's categories are list items that take a click, by their text.
  const item = page.getByRole('main').getByText(label, { exact: true });
  await reach(item);
  await arm();
  await tap(item, tapIndex);
}

/** Next, or Previous on the last page. */
export async function changePage(
  page: Page,
  arm: () => Promise<void>,
  tapIndex: number,
): Promise<void> {
  const next = page.getByRole('button', { name: 'Next', exact: true });
  const previous = page.getByRole('button', { name: 'Previous', exact: true });
  const target = (await next.isDisabled()) ? previous : next;
  await reach(target);
  await arm();
  await tap(target, tapIndex);
}
