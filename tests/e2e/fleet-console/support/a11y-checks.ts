/**
 * The console's accessibility checks, shared by the a11y suite and the 1,000-kiosk
 * screenshots: axe (WCAG 2.0/2.1 A+AA) and 44 px touch targets.
 */
import { expect, type Page } from '@playwright/test';
import { axeViolations } from '../../support/axe';

export async function expectNoViolations(page: Page, state: string): Promise<void> {
  expect(await axeViolations(page), `axe violations in ${state}`).toEqual([]);
}

/** Visible controls smaller than 44×44 px, as 'name: WxH'. */
export function undersized(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const selector =
      'a[href], button, input:not([type="hidden"]), select, summary, [tabindex]:not([tabindex="-1"])';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || element.closest('dialog:not([open])')) continue;
      // A checkbox or radio is touched through its label, which is the target.
      const target = element.matches('input[type="checkbox"], input[type="radio"]')
        ? (element.closest('label') ?? element)
        : element;
      const area = target.getBoundingClientRect();
      if (area.height < 44 || area.width < 44)
        small.push(
          `${element.tagName} "${element.textContent.trim().slice(0, 30)}": ${Math.round(area.width)}x${Math.round(area.height)}`,
        );
    }
    return small;
  });
}
