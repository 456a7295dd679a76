/**
 * Collects items as they arrive (MQTT messages, one event each) and hands them on once per
 * animation frame, never for longer than a time budget in one go, so a burst (1,000 kiosks'
 * retained status and health on connecting) is spread over frames instead of freezing the
 * page. A hidden page draws no frames: a timer takes over and drains everything at once,
 * as nobody is waiting for the screen. The queue is bounded; past the bound the oldest go.
 */
export interface FrameBatcherOptions<T> {
  /** Folds one chunk into the pending state. */
  process: (chunk: readonly T[]) => void;
  /** Publishes the pending state: called once at the end of each frame that processed items. */
  commit: () => void;
  /** Longest time spent in one frame (ms). */
  budgetMs?: number;
  chunkSize?: number;
  maxQueue?: number;
  /** Called with how many items were dropped when the queue overflowed. */
  onDrop?: (count: number) => void;
  /**
   * The least time between two commits (ms), asked afresh each time: a large fleet's
   * derived views (sorting, rollups, alerts) are worth redrawing a few times a second, not
   * on every frame that brought a message.
   */
  commitIntervalMs?: () => number;
  /** The page's clock and scheduling; replaced in unit tests. */
  now?: () => number;
  isHidden?: () => boolean;
  requestFrame?: (run: () => void) => () => void;
  setTimer?: (run: () => void, ms: number) => () => void;
}

export interface FrameBatcher<T> {
  push: (item: T) => void;
  /** Items waiting for a frame. */
  readonly pending: number;
  /** Drops what is waiting and cancels the scheduled frame. */
  clear: () => void;
}

/** A frame may be skipped (hidden page, busy machine): this timer makes sure work goes on. */
const FALLBACK_MS = 250;

const browserFrame = (run: () => void): (() => void) => {
  const handle = requestAnimationFrame(run);
  return () => cancelAnimationFrame(handle);
};
const browserTimer = (run: () => void, ms: number): (() => void) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

export function createFrameBatcher<T>({
  process,
  commit,
  budgetMs = 8,
  chunkSize = 50,
  maxQueue = 50_000,
  onDrop,
  commitIntervalMs = () => 0,
  now = () => performance.now(),
  isHidden = () => document.hidden,
  requestFrame = browserFrame,
  setTimer = browserTimer,
}: FrameBatcherOptions<T>): FrameBatcher<T> {
  let queue: T[] = [];
  let head = 0;
  let cancels: (() => void)[] = [];
  let lastCommitAt = Number.NEGATIVE_INFINITY;

  const pending = (): number => queue.length - head;

  const cancelScheduled = (): void => {
    for (const cancel of cancels) cancel();
    cancels = [];
  };

  const run = (): void => {
    cancelScheduled();
    const start = now();
    const budget = isHidden() ? Number.POSITIVE_INFINITY : budgetMs;
    let processed = false;
    while (pending() > 0 && (!processed || now() - start < budget)) {
      const end = Math.min(queue.length, head + chunkSize);
      const chunk = queue.slice(head, end);
      head = end;
      process(chunk);
      processed = true;
    }
    // Drop the consumed front now and then rather than shifting on every item.
    if (head > 4096 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    if (processed) {
      commit();
      lastCommitAt = now();
    }
    if (pending() > 0) schedule();
  };

  const schedule = (): void => {
    if (cancels.length > 0) return;
    const wait = lastCommitAt + commitIntervalMs() - now();
    if (wait > 0 && !isHidden()) {
      // Too soon after the last commit: items wait in the queue, then go in a frame.
      cancels = [
        setTimer(() => {
          cancels = [requestFrame(run), setTimer(run, FALLBACK_MS)];
        }, wait),
      ];
      return;
    }
    cancels = [requestFrame(run), setTimer(run, FALLBACK_MS)];
  };

  return {
    push(item) {
      queue.push(item);
      const over = pending() - maxQueue;
      if (over > 0) {
        head += over;
        onDrop?.(over);
      }
      schedule();
    },
    get pending() {
      return pending();
    },
    clear() {
      cancelScheduled();
      queue = [];
      head = 0;
    },
  };
}
