/**
 * axe (WCAG 2.1 A/AA) on every kiosk screen and state, portrait, landscape and phone, and
 * on the kiosk's own two screens every touch target of 44 px or more, measured on the same
 * setup as axe.
 */
import { axeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { assertKioskBuilt } from '../support/kiosk';
import { KIOSK_STATES } from '../support/kiosk-states';
import { undersizedTargets } from '../support/touch-targets';
import { VIEWPORTS } from '../support/ui';

test.beforeAll(assertKioskBuilt);

for (const [size, viewport, touch] of [
  ['portrait', VIEWPORTS.kioskPortrait, true],
  ['landscape', VIEWPORTS.kioskLandscape, true],
  ['phone', VIEWPORTS.phone, false],
] as const) {
  test.describe(`kiosk axe ${size} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });
    for (const state of KIOSK_STATES) {
      const title = touch
        ? `no violations, no target under 44x44 px: ${state.name}`
        : `no violations: ${state.name}`;
      test(title, async ({ page, servedCatalogue }) => {
        // A state's setup walks the kiosk to it by touch, a receipt's in many steps: room
        // for a loaded two-core machine.
        test.setTimeout(90_000);
        await state.setup(page, servedCatalogue);
        // Soft, so a state with both kinds of problem shows both.
        expect
          .soft(await axeViolations(page), `axe violations in ${state.name} at ${size}`)
          .toEqual([]);
        if (touch) {
          expect(
            await undersizedTargets(page),
            `targets under 44x44 px in ${state.name} at ${size}`,
          ).toEqual([]);
        }
      });
    }
  });
}
