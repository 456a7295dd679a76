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
