/**
 * What the fleet bench watches inside the console page: the moment the console *shows*
 * something (a figure of the fleet summary reaching a value, a command's acknowledgement
 * line), taken in the page by a MutationObserver with the page's own clock, so the time
 * Playwright takes to look does not count. Times are Date.now(), the same wall clock as
 * the bench's Node process beside it. Also a PerformanceObserver for long tasks
 * (over 50 ms), as a cross-check of the trace.
 *
 * The observer runs only while something is awaited, so it adds nothing to the steady
 * window whose tasks are measured.
 */
import type { Page } from '@playwright/test';
import { initScript } from '../page-probes';

export type Watch =
  /** A figure of the summary ("Online", "Offline", …) at least `value`. */
  | { kind: 'summary'; label: string; value: number }
  /** A sent command's summary line, exactly. */
  | { kind: 'text'; text: string };

/**
 * A long animation frame (over 50 ms), as Chromium's LoAF timing tells it: how much of it
 * was scripts (and which), and how much style, layout and paint, to say what a long task was.
 */
export interface LongFrame {
  startTime: number;
  duration: number;
  /** The time its long tasks went past 50 ms each, rendering included: what input waited. */
  blockingMs: number;
  /** From the start of rendering (rAF callbacks, style, layout, paint) to the end. */
  renderMs: number;
  /** Style and layout alone. */
  styleAndLayoutMs: number;
  scripts: { invoker: string; source: string; durationMs: number; forcedLayoutMs: number }[];
}

interface ProbeWindow {
  __fleetBench: {
    lastSubmitAt: number | null;
    longTasks: { startTime: number; duration: number }[];
    longFrames: LongFrame[];
    watch: (watch: Watch) => Promise<number>;
    /** Gives up what is awaited (a watch that timed out) and stops observing. */
    cancel: () => void;
  };
}

/**
 * Runs in the page before its own code (page.addInitScript), and before installWatches:
 * long tasks and long animation frames from the page's first task on.
 */
function installTimings(_: null): void {
  const longTasks: { startTime: number; duration: number }[] = [];
  const longFrames: LongFrame[] = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        longTasks.push({ startTime: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing in this browser: the trace still has every task.
  }

  interface LoafEntry extends PerformanceEntry {
    blockingDuration: number;
    renderStart: number;
    styleAndLayoutStart: number;
    scripts: {
      invoker: string;
      sourceURL: string;
      sourceFunctionName: string;
      duration: number;
      forcedStyleAndLayoutDuration: number;
    }[];
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LoafEntry[]) {
        const end = entry.startTime + entry.duration;
        longFrames.push({
          startTime: entry.startTime,
          duration: entry.duration,
          blockingMs: entry.blockingDuration,
          renderMs: entry.renderStart > 0 ? end - entry.renderStart : 0,
          styleAndLayoutMs: entry.styleAndLayoutStart > 0 ? end - entry.styleAndLayoutStart : 0,
          scripts: entry.scripts.map((script) => ({
            invoker: script.invoker,
            source: `${script.sourceFunctionName} ${script.sourceURL.split('/').pop() ?? ''}`,
            durationMs: script.duration,
            forcedLayoutMs: script.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No LoAF timing in this browser: the long tasks still count.
  }

  (window as unknown as { __fleetBenchTimings: unknown }).__fleetBenchTimings = {
    longTasks,
    longFrames,
  };
}

/** Runs in the page before its own code (page.addInitScript), after installTimings. */
function installWatches(_: null): void {
  const pending = new Set<{ watch: Watch; done: (at: number) => void }>();
  const { longTasks, longFrames } = (
    window as unknown as {
      __fleetBenchTimings: Pick<ProbeWindow['__fleetBench'], 'longTasks' | 'longFrames'>;
    }
  ).__fleetBenchTimings;
  let observer: MutationObserver | null = null;

  const summaryValue = (label: string): number | null => {
    const list = document.querySelector('dl[aria-label="Fleet summary"]');
    if (!list) return null;
    for (const term of list.querySelectorAll('dt')) {
      if (term.textContent.trim() !== label) continue;
      const value = term.nextElementSibling?.textContent.replaceAll(',', '') ?? '';
      return /^\d+$/.test(value) ? Number(value) : null;
    }
    return null;
  };
  const holds = (watch: Watch): boolean => {
    if (watch.kind === 'summary') return (summaryValue(watch.label) ?? -1) >= watch.value;
    for (const line of document.querySelectorAll('li > p')) {
      if (line.textContent.trim() === watch.text) return true;
    }
    return false;
  };
  const check = (): void => {
    const now = Date.now();
    for (const entry of [...pending]) {
      if (!holds(entry.watch)) continue;
      pending.delete(entry);
      entry.done(now);
    }
    if (pending.size === 0) {
      observer?.disconnect();
      observer = null;
    }
  };

  const probes: ProbeWindow['__fleetBench'] = {
    lastSubmitAt: null,
    longTasks,
    longFrames,
    watch: (watch) =>
      new Promise<number>((resolve) => {
        pending.add({ watch, done: resolve });
        if (!observer) {
          observer = new MutationObserver(check);
          observer.observe(document.body, {
            subtree: true,
            childList: true,
            characterData: true,
          });
        }
        check();
      }),
    cancel: () => {
      pending.clear();
      observer?.disconnect();
      observer = null;
    },
  };
  (window as unknown as ProbeWindow).__fleetBench = probes;
  document.addEventListener(
    'submit',
    () => {
      probes.lastSubmitAt = Date.now();
    },
    { capture: true },
  );
}

export async function addConsoleProbes(page: Page): Promise<void> {
  // Through initScript: tsx's esbuild wraps inner functions in a helper the page lacks.
  await page.addInitScript(initScript(installTimings, null));
  await page.addInitScript(initScript(installWatches, null));
}

/**
 * When the console first showed `watch` (ms since the epoch), or null if not within
 * `timeoutMs`. Resolves at once if it shows already.
 */
export async function whenShown(
  page: Page,
  watch: Watch,
  timeoutMs: number,
): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const shown = await Promise.race([
      page.evaluate((w) => (window as unknown as ProbeWindow).__fleetBench.watch(w), watch),
      timeout,
    ]);
    if (shown === null) {
      await page.evaluate(() => (window as unknown as ProbeWindow).__fleetBench.cancel());
    }
    return shown;
  } finally {
    clearTimeout(timer);
  }
}

/** When the page last saw a form submitted (a command sent), ms since the epoch. */
export function lastSubmitAt(page: Page): Promise<number | null> {
  return page.evaluate(() => (window as unknown as ProbeWindow).__fleetBench.lastSubmitAt);
}

/** Long tasks the page's PerformanceObserver saw since `sinceMs` (performance.now()). */
export function longTasksSince(
  page: Page,
  sinceMs: number,
): Promise<{ startTime: number; duration: number }[]> {
  return page.evaluate(
    (since) =>
      (window as unknown as ProbeWindow).__fleetBench.longTasks.filter(
        (task) => task.startTime >= since,
      ),
    sinceMs,
  );
}

/** Long animation frames the page saw since `sinceMs` (performance.now()). */
export function longFramesSince(page: Page, sinceMs: number): Promise<LongFrame[]> {
  return page.evaluate(
    (since) =>
      (window as unknown as ProbeWindow).__fleetBench.longFrames.filter(
        (frame) => frame.startTime >= since,
      ),
    sinceMs,
  );
}
