import type { KioskActivityBridge, KioskBridge } from '@shared/bridge';

/**
 * A value main pushes to the page through the preload while the page runs (new live
 * settings, the store closing), kept for the page's life and told to its listeners. One
 * listener per bridge: a wipe remounts the kiosk, not this. A payload the value's own rule
 * refuses changes nothing, one listener's failure never keeps the others from the news,
 * and a bridge without the subscription (a browser, an older preload) leaves the first
 * value in place. Nothing here throws into the preload or the page.
 */
export interface PushedValue<T> {
  current: () => T;
  /** Called after each change of `current`; returns an unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
}

/** The bridge's subscriptions to what main pushes. */
export type PushChannel = 'onConfigChanged' | 'onStoreClosed';

export interface PushedValueRule<T> {
  channel: PushChannel;
  /** The value before main has said anything. */
  initial: T;
  /** The value a payload asks for, or undefined when it is refused and what is in force stays. */
  read: (payload: unknown) => T | undefined;
  same: (a: T, b: T) => boolean;
}

function listen<T>(bridge: KioskBridge, rule: PushedValueRule<T>): PushedValue<T> {
  let current = rule.initial;
  const listeners = new Set<() => void>();
  const take = (payload: unknown): void => {
    const next = rule.read(payload);
    if (next === undefined || rule.same(next, current)) return;
    current = next;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // One listener's failure must not keep the others from the news.
      }
    }
  };
  // The preload exposes more than KioskBridge types; an older one lacks the subscription.
  const api = bridge as Partial<Pick<KioskActivityBridge, PushChannel>>;
  const subscribe = api[rule.channel] as
    ((listener: (payload: unknown) => void) => unknown) | undefined;
  try {
    if (typeof subscribe === 'function') subscribe.call(api, take);
  } catch {
    // Then the page keeps the first value.
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

/** One pushed value per bridge for the page's life, listened to from the first call on. */
export function pushedValues<T>(
  rule: PushedValueRule<T>,
): (bridge: KioskBridge | null) => PushedValue<T> {
  const none: PushedValue<T> = { current: () => rule.initial, subscribe: () => () => undefined };
  const byBridge = new WeakMap<KioskBridge, PushedValue<T>>();
  return (bridge) => {
    if (!bridge) return none;
    let found = byBridge.get(bridge);
    if (!found) {
      found = listen(bridge, rule);
      byBridge.set(bridge, found);
    }
    return found;
  };
}
