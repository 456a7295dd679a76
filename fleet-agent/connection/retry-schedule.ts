/**
 * When the next attempt goes: exponential backoff with full jitter (shared/fleet/backoff.ts:
 * 1 s to 60 s, and after a lost session 10 s to 60 s, so a fleet that lost a restarting
 * broker together does not come back within the same second). An attempt that may go at
 * once (a node that refused, left for another) costs no step of the backoff: counting it
 * would double the next wait for nothing, which made a large fleet slow to leave a crashed
 * node.
 */
import { backoffDelayMs, backoffStartMs, type BackoffOptions } from '../../shared/fleet/backoff';

export interface RetrySchedule {
  /** A session is up: the backoff starts again, wider from now on (a session was had). */
  sessionUp(): void;
  /** The first wait after a failure, ms, as the offline log line names it. */
  startMs(): number;
  /** Runs `attempt` after the backoff, or at once; nothing while one is already planned. */
  plan(atOnce: boolean, attempt: () => void): void;
  /** Whether an attempt is planned. */
  planned(): boolean;
  cancel(): void;
}

export function createRetrySchedule(random: () => number, backoff: BackoffOptions): RetrySchedule {
  let failures = 0;
  /** Whether a session was up since start: its loss starts the backoff wider. */
  let hadSession = false;
  let timer: NodeJS.Timeout | null = null;
  return {
    sessionUp: () => {
      failures = 0;
      hadSession = true;
    },
    startMs: () => backoffStartMs(backoff, hadSession),
    plan: (atOnce, attempt) => {
      if (timer) return;
      const delay = atOnce ? 0 : backoffDelayMs(failures, random, backoff, hadSession);
      if (!atOnce) failures += 1;
      timer = setTimeout(() => {
        timer = null;
        attempt();
      }, delay);
    },
    planned: () => timer !== null,
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
