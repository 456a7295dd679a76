/** axe (WCAG 2.1 A/AA) on every kiosk screen and state, portrait, landscape and phone. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import { assertKioskBuilt } from '../support/kiosk';
import { KIOSK_STATES } from '../support/kiosk-states';
import { VIEWPORTS } from '../support/ui';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.beforeAll(assertKioskBuilt);

for (const [size, viewport] of [
  ['portrait', VIEWPORTS.kioskPortrait],
  ['landscape', VIEWPORTS.kioskLandscape],
  ['phone', VIEWPORTS.phone],
] as const) {
  test.describe(`kiosk axe ${size} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });
    for (const state of KIOSK_STATES) {
      test(`no violations: ${state.name}`, async ({ page, servedCatalogue }) => {
        // The idle and attract states wait out the idle timer before axe runs; on a slow
        // 2-core machine that alone came to 37 s, past the default 30 s.
        test.setTimeout(90_000);
        await state.setup(page, servedCatalogue);
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        const summary = results.violations.map(
          (v) =>
            `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
        expect(summary, `axe violations in ${state.name} at ${size}`).toEqual([]);
      });
    }
  });
}
