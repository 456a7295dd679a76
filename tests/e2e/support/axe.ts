/**
 * axe as the shop's specs run it, on the page as it stands: WCAG 2.0 and 2.1, levels A and
 * AA. A spec that sets a screen up once for several checks asks for it beside the others.
 *
 * In legacy mode axe runs whole in the page. The default mode runs it per frame, then opens
 * a blank page and loads axe again there to merge the frames' results: a new page and a
 * second 0.5 MB script for every scan, on screens that have no frames to merge.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Each violation as 'rule (impact): help — the elements it was found on'. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
