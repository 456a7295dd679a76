import { useEffect, useState, useSyncExternalStore } from 'react';

/** This page's clock, read again every `everyMs` (a timer on screen, an age in seconds). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

interface Ticker {
  now: number;
  /** One function per ticker: a new one each render would make React subscribe again. */
  readonly subscribe: (listener: () => void) => () => void;
  readonly read: () => number;
}

const tickers = new Map<number, Ticker>();

function makeTicker(everyMs: number): Ticker {
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;
  const ticker: Ticker = {
    now: Date.now(),
    subscribe(listener) {
      listeners.add(listener);
      if (!stop) {
        const timer = setInterval(() => {
          ticker.now = Date.now();
          for (const each of listeners) each();
        }, everyMs);
        stop = () => clearInterval(timer);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stop?.();
        stop = null;
      };
    },
    read: () => ticker.now,
  };
  return ticker;
}

/**
 * The same clock shared by every component that reads it at this period: one timer for the
 * page, and every reader redrawn in the same task. Hundreds of timers on a pick screen, each
 * a component of its own, then tick together and the cards around them are left alone.
 */
export function useSharedNow(everyMs: number): number {
  let ticker = tickers.get(everyMs);
  if (!ticker) {
    ticker = makeTicker(everyMs);
    tickers.set(everyMs, ticker);
  }
  return useSyncExternalStore(ticker.subscribe, ticker.read);
}
