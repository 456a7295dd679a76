import type { KioskActivityBridge, KioskBridge } from '@shared/bridge';
import { idleResetOf, type IdleReset } from './idle-reset';

/**
 * New settings from the kiosk's main process while the page runs (a signed remote config,
 * or the config files read again), which main sends through the preload's onConfigChanged.
 * Of them only the idle times change a running page; the rest of what the page read at
 * start (the catalogue, the mode, speech's output, the catalogue's age) stays until main
 * relaunches the kiosk at a safe moment, and its health says so meanwhile.
 *
 * The payload crossed a process boundary: its idle times pass the rule the start-up config
 * passes (idle-reset.ts) or change nothing, so a bad one keeps what is in force. Nothing
 * here throws into the preload or the page.
 */

/**
 * The idle reset a payload from main asks for (null: never ask), or undefined when it is
 * not a valid one and what is in force stays.
 */
export function readLiveIdleReset(payload: unknown): IdleReset | null | undefined {
  try {
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { idleTimeoutSeconds, idleCountdownSeconds } = payload as Record<string, unknown>;
    return idleResetOf(idleTimeoutSeconds, idleCountdownSeconds);
  } catch {
    // An object whose fields cannot be read is no settings at all.
    return undefined;
  }
}

/** The idle times main has sent since the page started. */
export interface LiveIdleTimes {
  /** The newest valid idle reset main sent (null: never ask), or undefined while none came. */
  current: () => IdleReset | null | undefined;
  /** Called after each change of `current`; returns an unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
}

const NO_LIVE_TIMES: LiveIdleTimes = {
  current: () => undefined,
  subscribe: () => () => undefined,
};

const same = (a: IdleReset | null | undefined, b: IdleReset | null | undefined): boolean =>
  a === b ||
  (a != null &&
    b != null &&
    a.afterSeconds === b.afterSeconds &&
    a.countdownSeconds === b.countdownSeconds);

function listen(bridge: KioskBridge): LiveIdleTimes {
  let current: IdleReset | null | undefined;
  const listeners = new Set<() => void>();
  const take = (payload: unknown): void => {
    const next = readLiveIdleReset(payload);
    if (next === undefined || same(next, current)) return;
    current = next;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // One listener's failure must not keep the others from the new times.
      }
    }
  };
  // The preload exposes more than KioskBridge types; an older one has no onConfigChanged.
  const api = bridge as Partial<Pick<KioskActivityBridge, 'onConfigChanged'>>;
  try {
    if (typeof api.onConfigChanged === 'function') api.onConfigChanged(take);
  } catch {
    // No live settings then: the page keeps the ones it started with.
  }
  return {
    current: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** One listener per bridge for the page's life: a wipe remounts the kiosk, not this. */
const byBridge = new WeakMap<KioskBridge, LiveIdleTimes>();

/** The idle times main sends through `bridge`, listened to from the first call on. */
export function liveIdleTimes(bridge: KioskBridge | null): LiveIdleTimes {
  if (!bridge) return NO_LIVE_TIMES;
  let times = byBridge.get(bridge);
  if (!times) {
    times = listen(bridge);
    byBridge.set(bridge, times);
  }
  return times;
}
