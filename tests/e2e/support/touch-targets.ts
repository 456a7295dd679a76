/**
 * The 44 px touch-target sweep (WCAG 2.5.5 as the kiosk needs it), shared by the web and
 * kiosk specs: on a page as it stands, for a spec that has set a screen up for other checks
 * too, or every state of a screen list, each in a fresh context at a viewport.
 */
import type { Browser, Page } from '@playwright/test';
import type { Product } from './catalogue';

/**
 * Every visible thing a shopper can touch that is smaller than 44x44 px, as
 * 'name: WxH'. Visually hidden elements (1 px, for screen readers) are not targets.
 */
export async function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[inert]')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      if (element.getClientRects().length === 0) continue;
      if (box.width < 44 || box.height < 44) {
        const name = element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 40);
        small.push(
          `${element.tagName.toLowerCase()} "${name}": ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

/** A screen state as the web and kiosk state lists describe one. */
export interface ScreenState {
  name: string;
  setup: (page: Page, catalogue: Product[]) => Promise<void>;
}

/** 'state: element "name": WxH' for every target under 44x44 px in any of `states`. */
export async function undersizedInEveryState(
  browser: Browser,
  viewport: { width: number; height: number },
  states: readonly ScreenState[],
  catalogue: Product[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const state of states) {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await state.setup(page, catalogue);
      problems.push(...(await undersizedTargets(page)).map((p) => `${state.name}: ${p}`));
    } finally {
      await context.close();
    }
  }
  return problems;
}
