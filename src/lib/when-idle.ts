/**
 * Runs `work` when the browser has nothing better to do (or after `timeoutMs` at the
 * latest); returns a cancel function, for effects to clean up with.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(work, Math.min(timeoutMs, 500));
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(work, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}

/**
 * Resolves at the browser's next idle period (or after `timeoutMs`), for work done a slice
 * at a time: each slice is then a short task of its own, and a tap waits for one slice at
 * most, not for all of them. Without idle callbacks (tests, old engines): the next task.
 */
export function nextIdleTurn(timeoutMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback !== 'function') setTimeout(resolve, 0);
    else requestIdleCallback(() => resolve(), { timeout: timeoutMs });
  });
}
