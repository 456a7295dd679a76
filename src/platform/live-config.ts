import { LIVE_PAGE_SETTINGS } from '@shared/bridge';
import { idleResetOf, type IdleReset } from './idle-reset';
import { pushedValues, type PushedValue } from './main-pushes';

/**
 * New settings from the kiosk's main process while the page runs (a signed remote config,
 * or the config files read again), which main sends through the preload's onConfigChanged.
 * Of them only the live ones (LIVE_PAGE_SETTINGS: the idle times) change a running page;
 * the rest of what the page read at start (the catalogue, the mode, speech's output, the
 * catalogue's age) stays until main relaunches the kiosk at a safe moment, and its health
 * says so meanwhile.
 *
 * The payload crossed a process boundary: its idle times pass the rule the start-up config
 * passes (idle-reset.ts) or change nothing, so a bad one keeps what is in force
 * (main-pushes.ts keeps it and tells the page).
 */

/**
 * The idle reset a payload from main asks for (null: never ask), or undefined when it is
 * not a valid one and what is in force stays.
 */
export function readLiveIdleReset(payload: unknown): IdleReset | null | undefined {
  try {
    if (typeof payload !== 'object' || payload === null) return undefined;
    const sent = payload as Record<string, unknown>;
    const live = Object.fromEntries(LIVE_PAGE_SETTINGS.map((name) => [name, sent[name]])) as Record<
      (typeof LIVE_PAGE_SETTINGS)[number],
      unknown
    >;
    return idleResetOf(live.idleTimeoutSeconds, live.idleCountdownSeconds);
  } catch {
    // An object whose fields cannot be read is no settings at all.
    return undefined;
  }
}

/** The idle times main has sent since the page started. */
export type LiveIdleTimes = PushedValue<IdleReset | null | undefined>;

const same = (a: IdleReset | null | undefined, b: IdleReset | null | undefined): boolean =>
  a === b ||
  (a != null &&
    b != null &&
    a.afterSeconds === b.afterSeconds &&
    a.countdownSeconds === b.countdownSeconds);

/**
 * The idle times main sends through `bridge`: the newest valid idle reset (null: never
 * ask), or undefined while none came.
 */
export const liveIdleTimes = pushedValues<IdleReset | null | undefined>({
  channel: 'onConfigChanged',
  initial: undefined,
  read: readLiveIdleReset,
  same,
});
