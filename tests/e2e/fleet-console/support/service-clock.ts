/**
 * The counter's and the operator's pages ask the shop service again on a 15 s timer: the
 * handovers waiting to be sent (fleet-console/counter/use-outbox-sender.ts), the handed-over-
 * twice list (handover-conflicts.tsx), the recent handovers (enrolment/recent-handovers.tsx)
 * and, while the service was away, the session (service/service-status.tsx). A test waiting
 * for that next ask moves the page's own clock on to it instead of waiting a quarter of a
 * minute: the page's clock is Playwright's (page.clock), installed before the page opens,
 * and flows as the real one does otherwise. Each timer fires as it would have; nothing of
 * the page's is replaced. Should the period grow, the ask still comes, only later.
 */
import type { Page } from '@playwright/test';

/** The period of each of those timers. */
export const ASK_AGAIN_MS = 15_000;

/** Before the page opens: its timers and Date from here on are the page clock's. */
export async function holdPageClock(page: Page): Promise<void> {
  await page.clock.install();
}

/** Moves the page's clock on by one period: each of those timers fires once, now. */
export async function askAgainNow(page: Page): Promise<void> {
  await page.clock.fastForward(ASK_AGAIN_MS);
}
