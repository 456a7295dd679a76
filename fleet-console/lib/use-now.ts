import { useEffect, useState } from 'react';

/** This page's clock, read again every `everyMs` (a timer on screen, an age in seconds). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
