/**
 * axe (WCAG 2.1 A/AA) on every kiosk screen and state, portrait, landscape and phone, and
 * on the kiosk's own two screens every touch target of 44 px or more, measured on the same
 * setup as axe. Each state is walked to once, at the portrait screen, and checked there;
 * the window is then resized to each further size and the state checked again
 * (support/resize.ts): its markup does not depend on the size, only its styles do.
 */
import { axeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { assertKioskBuilt } from '../support/kiosk';
import { KIOSK_STATES } from '../support/kiosk-states';
import { resizeTo, sizeOf } from '../support/resize';
import { undersizedTargets } from '../support/touch-targets';
import { VIEWPORTS } from '../support/ui';

test.beforeAll(assertKioskBuilt);

/** Each size, in order, and whether its touch targets are measured. */
const SIZES = [
  { size: 'portrait', viewport: VIEWPORTS.kioskPortrait, touch: true },
  { size: 'landscape', viewport: VIEWPORTS.kioskLandscape, touch: true },
  { size: 'phone', viewport: VIEWPORTS.phone, touch: false },
] as const;

const sizesNamed = SIZES.map(
  ({ size, viewport, touch }) =>
    `${size} ${sizeOf(viewport)}${touch ? ' (no target under 44x44 px)' : ''}`,
).join(', ');

test.describe('kiosk axe', () => {
  test.use({ viewport: SIZES[0].viewport });
  for (const state of KIOSK_STATES) {
    test(`no violations at ${sizesNamed}: ${state.name}`, async ({ page, servedCatalogue }) => {
      // A state's setup walks the kiosk to it by touch, a receipt's in many steps: room
      // for a loaded two-core machine, and for three sizes' scans.
      test.setTimeout(120_000);
      await state.setup(page, servedCatalogue);
      for (const { size, viewport, touch } of SIZES) {
        await resizeTo(page, viewport);
        // Soft, so a state with both kinds of problem, or problems at several sizes, shows all.
        expect
          .soft(await axeViolations(page), `axe violations in ${state.name} at ${size}`)
          .toEqual([]);
        if (touch) {
          expect
            .soft(
              await undersizedTargets(page),
              `targets under 44x44 px in ${state.name} at ${size}`,
            )
            .toEqual([]);
        }
      }
    });
  }
});
