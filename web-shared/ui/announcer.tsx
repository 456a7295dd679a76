import { useEffect, useState } from 'react';

/**
 * One polite live region for the whole app ('Added …', cart changes). Components call
 * announce(); a burst (typing a quantity digit by digit) is spoken once, as its last word,
 * and nothing steals the focus.
 */
type Listener = (message: string) => void;
let listener: Listener | null = null;

export const ANNOUNCE_SETTLE_MS = 500;

export function announce(message: string): void {
  listener?.(message);
}

export function Announcer() {
  const [said, setSaid] = useState({ message: '', count: 0 });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    listener = (message) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        setSaid((previous) => ({ message, count: previous.count + 1 }));
      }, ANNOUNCE_SETTLE_MS);
    };
    return () => {
      clearTimeout(timer);
      listener = null;
    };
  }, []);
  return (
    <div role="status" aria-live="polite" className="sr-only">
      {/* A fresh node each time, so the same words are announced again. */}
      <span key={said.count}>{said.message}</span>
    </div>
  );
}
