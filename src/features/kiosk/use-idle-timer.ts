import { useEffect, useRef } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Calls `onIdle` after `timeoutMs` without any touch, click or key; 0 disables it. */
export function useIdleTimer(timeoutMs: number, onIdle: () => void, enabled = true): void {
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!enabled || timeoutMs <= 0) return;
    let timer = setTimeout(() => callback.current(), timeoutMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), timeoutMs);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart);
    };
  }, [timeoutMs, enabled]);
}
