/**
 * The soak's 20-session smoke: `npm run soak` (scripts/kiosk/soak.ts) in small, on the same code,
 * so a change that breaks a shopper's session or the sampling fails here and not only in a
 * long run. It asserts that the sessions complete and the samples are taken, not the
 * budgets: twenty sessions say nothing about memory over a thousand.
 */
import { runSoak } from '../../../tools/soak/soak-run';
import { expect, test } from '../support/fixtures';
import { assertKioskBuilt } from '../support/kiosk';

test.beforeAll(assertKioskBuilt);

test('the soak drives 20 shopper sessions and samples every 10', async ({ page }) => {
  // Twenty whole sessions (browse, buy, print, idle wipe) on a machine shared with others:
  // 2.7 min alone on CI, over 5 min beside the fleet console's tests.
  test.setTimeout(600_000);
  let sessionsDone = 0;
  const samples = await runSoak(page, {
    sessions: 20,
    every: 10,
    onSample: (sample) => {
      sessionsDone = sample.sessions;
    },
  });
  expect(sessionsDone).toBe(20);
  expect(samples.map((sample) => sample.sessions)).toEqual([10, 20]);
  for (const sample of samples) {
    expect(sample.heapBytes).toBeGreaterThan(0);
    expect(sample.nodes).toBeGreaterThan(0);
    expect(sample.listeners).toBeGreaterThan(0);
    expect(Number.isInteger(sample.detachedNodes)).toBe(true);
  }
});
