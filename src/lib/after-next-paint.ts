/**
 * Runs `work` once the browser has painted the current changes and has a moment to spare
 * (the next animation frame, then an idle period where the browser has them), so work the
 * shopper does not see never delays what they do see. A hidden page gets no frames, so
 * `latestMs` bounds the wait. Returns a cancel function.
 */
export function afterNextPaint(work: () => void, latestMs = 200): () => void {
  let frame: number | undefined;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (idle !== undefined) cancelIdleCallback(idle);
    clearTimeout(timer);
    clearTimeout(deadline);
  };
  const run = (): void => {
    cancel();
    work();
  };
  const deadline = setTimeout(run, latestMs);
  frame = requestAnimationFrame(() => {
    frame = undefined;
    if (typeof requestIdleCallback === 'function') {
      idle = requestIdleCallback(run, { timeout: latestMs });
    } else {
      timer = setTimeout(run, 0);
    }
  });
  return cancel;
}
