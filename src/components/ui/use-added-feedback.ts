import { useCallback, useEffect, useRef, useState } from 'react';

export const ADDED_FEEDBACK_MS = 2000;

/**
 * The 'Added' tick: shown for 2 s; every new trigger restarts the timer (spec §4). A new
 * `resetKey` (the button now adds another product) drops a tick still showing.
 */
export function useAddedFeedback(
  resetKey?: string | number,
  durationMs = ADDED_FEEDBACK_MS,
): [boolean, () => void] {
  const [added, setAdded] = useState(false);
  const [addedKey, setAddedKey] = useState(resetKey);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (addedKey !== resetKey) {
    setAddedKey(resetKey);
    setAdded(false);
  }

  const trigger = useCallback(() => {
    clearTimeout(timer.current);
    setAdded(true);
    timer.current = setTimeout(() => setAdded(false), durationMs);
  }, [durationMs]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return [added, trigger];
}
