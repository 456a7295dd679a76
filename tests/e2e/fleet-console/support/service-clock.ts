/**
 * The counter's and the operator's pages ask the shop service again on a 15 s timer: the
 * handovers waiting to be sent (fleet-console/counter/use-outbox-sender.ts), the handed-over-
 * twice list (handover-conflicts.tsx), the recent handovers (enrolment/recent-handovers.tsx)
 * and, while the service was away, the session (service/service-status.tsx). A test waiting
 * for one of those asks moves the page's own clock on to it instead of waiting a quarter of
 * a minute: the page's clock is Playwright's (page.clock), installed before the page opens,
 * and flows as the real one does otherwise. Each timer fires as it would have; nothing of
 * the page's is replaced. Should the period grow, the ask still comes, only later.
 */
import { expect, type Page } from '@playwright/test';

/** The period of each of those timers. */
export const ASK_AGAIN_MS = 15_000;

/** Before the page opens: its timers and Date from here on are the page clock's. */
export async function holdPageClock(page: Page): Promise<void> {
  await page.clock.install();
}

/**
 * Moves the page's clock on by one period, and again after each look that fails, until
 * `look` passes or `timeout` (real time) is over: an ask may need another before it (a
 * session found unreachable is rechecked, then the list is asked for), each a period on.
 * `look` should fail within a few seconds for the next period to come.
 */
export async function askAgainUntil(
  page: Page,
  look: () => Promise<void>,
  timeout: number,
): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(ASK_AGAIN_MS);
    await look();
  }).toPass({ timeout, intervals: [500, 1_000, 2_000] });
}
