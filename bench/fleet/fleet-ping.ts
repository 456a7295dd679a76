/**
 * The fleet-wide ping both fleet benches time (fleet-bench.ts on one broker, cluster-bench.ts
 * on the cluster): 'Send ping' pressed in the console, until it shows every kiosk's
 * acknowledgement, timed on the page's own clock (console-probes.ts).
 */
import type { Page } from '@playwright/test';
import { lastSubmitAt, whenShown, type Watch } from './console-probes';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * whenShown, with a deadline that holds even when a swamped page never answers the probe's
 * cancel: null some seconds after `timeoutMs`.
 */
export function shownWithin(page: Page, watch: Watch, timeoutMs: number): Promise<number | null> {
  return Promise.race([
    whenShown(page, watch, timeoutMs),
    sleep(timeoutMs + 10_000).then(() => null),
  ]);
}

/** What the console says of the last ping, for a run that missed its deadline. */
async function pingOutcome(page: Page): Promise<string> {
  const said = await page
    .getByText(/^ping /)
    .allInnerTexts()
    .catch(() => []);
  return said.at(-1) ?? 'nothing about the ping';
}

/** 'Send ping' submitted → "N of N acknowledged, 0 errors" shown, ms; null past `deadlineMs`. */
export async function pingFleet(
  page: Page,
  count: number,
  deadlineMs: number,
  say: (line: string) => void,
): Promise<number | null> {
  say('Ping to all kiosks from the console');
  const all = count.toLocaleString('en-US');
  await page.getByRole('button', { name: 'Send ping' }).click();
  const submitted = await lastSubmitAt(page);
  const acked = await shownWithin(
    page,
    { kind: 'text', text: `ping: ${all} of ${all} acknowledged, 0 errors` },
    deadlineMs,
  );
  const pingMs = acked === null || submitted === null ? null : acked - submitted;
  say(
    `  acknowledged by all: ${pingMs === null ? `not within ${deadlineMs / 1000} s` : `${pingMs} ms`}`,
  );
  if (pingMs === null) say(`  the console said: ${await pingOutcome(page)}`);
  return pingMs;
}
