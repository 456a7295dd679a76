/**
 * What the kiosk is doing, as the main process knows it: the screen the shopper sees
 * (attract, shopping, receipt), when the screen was last touched, whether a receipt is
 * printing or a dialog is open, and counts of idle wipes and receipts since start. The
 * renderer reports it through the bridge (activity-ipc.ts); printing reports itself.
 *
 * It answers one question for everything that must never happen in front of a shopper
 * (a fleet relaunch or catalogue refresh, later an update): is this a safe moment, and
 * when will there be one? Counts only: nothing about what a shopper chose.
 */
import type { Screen } from '../../../shared/fleet/payloads';

export type { Screen } from '../../../shared/fleet/payloads';

export type BusyKind = 'print' | 'dialog';

/** What the renderer last said about its catalogue. */
export interface CatalogueReport {
  /** Products in the list the shopper sees. */
  products: number;
  /** When that list was fetched, ms since the epoch. */
  fetchedAt: number;
  /** "embedded", or the origin of the catalogue the list came from; absent: not said. */
  source?: string;
  /** The last background refresh that failed (the old list stayed); null after a success. */
  refreshFailure?: { at: number; message: string } | null;
}

export interface ActivitySnapshot {
  /** The last screen the renderer reported; 'attract' until it has said anything. */
  screen: Screen;
  /**
   * Whether the page has reported its screen since it (re)loaded. Until it has, main
   * cannot know who is in front of it, so only a long quiet counts as a safe moment.
   */
  screenReported: boolean;
  lastInputAt: number;
  busy: readonly BusyKind[];
  idleWipes: number;
  receipts: number;
  catalogue: CatalogueReport | null;
}

export interface ActivityOptions {
  /** Whether the idle wipe is on (idleTimeoutSeconds > 0); read live, it can change. */
  idleWipeEnabled: () => boolean;
  /** With the idle wipe off, this long without input counts as nobody there. */
  idleSafeMs?: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface Activity {
  setScreen(screen: Screen): void;
  /** The page (re)loads: its screen is unknown until it reports again. */
  screenUnknown(): void;
  input(): void;
  /**
   * 'dialog' is a state the renderer reports (open or not, idempotent); 'print' counts,
   * since main reports each print's start and end itself.
   */
  setBusy(kind: BusyKind, busy: boolean): void;
  idleWiped(): void;
  receiptIssued(): void;
  catalogueLoaded(report: CatalogueReport): void;
  snapshot(): ActivitySnapshot;
  /**
   * Nobody is being served: the attract screen, or (idle wipe off, or the page has not yet
   * said which screen it shows) no input for a while, and no print or dialog in progress.
   */
  isSafe(): boolean;
  /** Resolves at the next safe moment (at once if it is one); rejects when `signal` aborts. */
  whenSafe(signal?: AbortSignal): Promise<void>;
  /** Called after every change; returns an unsubscribe function. */
  onChange(listener: () => void): () => void;
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error('aborted');
}

/** Two minutes without a touch, the contract's "idle" when no idle wipe will bring attract. */
export const IDLE_SAFE_MS = 120_000;

export function createActivity(options: ActivityOptions): Activity {
  const now = options.now ?? Date.now;
  const idleSafeMs = options.idleSafeMs ?? IDLE_SAFE_MS;
  const setTimer =
    options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as NodeJS.Timeout));
  // A kiosk that has just started has nobody in front of it: the attract state.
  let screen: Screen = 'attract';
  // Unknown until the page says: a renderer that never reports (broken, or an old build)
  // must not make every moment look safe, nor block relaunches that could mend it forever.
  let screenReported = false;
  let lastInputAt = now();
  let printing = 0;
  let dialogOpen = false;
  let idleWipes = 0;
  let receipts = 0;
  let catalogue: CatalogueReport | null = null;
  const listeners = new Set<() => void>();
  let idleTimer: unknown = null;

  const isBusy = (): boolean => printing > 0 || dialogOpen;

  /** Whether only time (no input for idleSafeMs) can make this moment safe. */
  const safeByQuietOnly = (): boolean => !screenReported || !options.idleWipeEnabled();

  const isSafe = (): boolean => {
    if (isBusy()) return false;
    if (screenReported && screen === 'attract') return true;
    return safeByQuietOnly() && now() - lastInputAt >= idleSafeMs;
  };

  const notify = (): void => {
    for (const listener of [...listeners]) listener();
    armIdleTimer();
  };

  // Nothing else changes when the idle period runs out, so a timer re-checks then. Only
  // with the idle wipe off (or no screen reported) does time alone make a moment safe:
  // otherwise a timer would fire every 10 ms once the period had passed off attract.
  function armIdleTimer(): void {
    if (idleTimer !== null) clearTimer(idleTimer);
    idleTimer = null;
    if (listeners.size === 0 || isSafe() || isBusy()) return;
    if (!safeByQuietOnly()) return;
    const due = Math.max(0, lastInputAt + idleSafeMs - now()) + 10;
    idleTimer = setTimer(() => {
      idleTimer = null;
      notify();
    }, due);
  }

  const onChange = (listener: () => void): (() => void) => {
    listeners.add(listener);
    armIdleTimer();
    return () => {
      listeners.delete(listener);
      armIdleTimer();
    };
  };

  return {
    setScreen: (next) => {
      if (next === screen && screenReported) return;
      screen = next;
      screenReported = true;
      notify();
    },
    screenUnknown: () => {
      if (!screenReported) return;
      screenReported = false;
      // The reload is the last sign of life: the quiet that can make it safe counts from here.
      lastInputAt = now();
      notify();
    },
    input: () => {
      lastInputAt = now();
      notify();
    },
    setBusy: (kind, on) => {
      if (kind === 'dialog') dialogOpen = on;
      else printing = Math.max(0, printing + (on ? 1 : -1));
      notify();
    },
    idleWiped: () => {
      idleWipes += 1;
      notify();
    },
    receiptIssued: () => {
      receipts += 1;
      notify();
    },
    catalogueLoaded: (report) => {
      catalogue = { ...report };
      notify();
    },
    snapshot: () => ({
      screen,
      screenReported,
      lastInputAt,
      busy: [
        ...(printing > 0 ? (['print'] as const) : []),
        ...(dialogOpen ? (['dialog'] as const) : []),
      ],
      idleWipes,
      receipts,
      catalogue,
    }),
    isSafe,
    whenSafe: (signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        if (isSafe()) {
          resolve();
          return;
        }
        const done = (): void => {
          unsubscribe();
          signal?.removeEventListener('abort', aborted);
        };
        const aborted = (): void => {
          done();
          reject(abortReason(signal));
        };
        const unsubscribe = onChange(() => {
          if (!isSafe()) return;
          done();
          resolve();
        });
        signal?.addEventListener('abort', aborted, { once: true });
      }),
    onChange,
  };
}
