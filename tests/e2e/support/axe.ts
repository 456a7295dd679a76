/**
 * axe as the shop's specs run it, on the page as it stands: WCAG 2.0 and 2.1, levels A and
 * AA. A spec that sets a screen up once for several checks asks for it beside the others.
 *
 * axe-core runs whole in the page, put there once per document. The shop's and console's
 * screens have no frames, so nothing needs axe in each frame and its results merged, which
 * is what @axe-core/playwright adds around it: a second copy of the 0.5 MB script on every
 * scan, and a blank page to merge in, per scan, in its default mode.
 */
import type { Page } from '@playwright/test';
import axe, { type RunOptions } from 'axe-core';

const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // The passes and the rules that did not apply are not read: only their counts come back.
  resultTypes: ['violations'],
};

type AxeWindow = Window & { axe?: typeof axe };

/** Each violation as 'rule (impact): help — the elements it was found on'. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => (window as AxeWindow).axe !== undefined))) {
    await page.evaluate(axe.source);
  }
  // Only the violations, as text, come back out of the page.
  return page.evaluate(async (options) => {
    const { violations } = await (window as AxeWindow).axe!.run(document, options);
    return violations.map(
      (v) =>
        `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  }, OPTIONS);
}
