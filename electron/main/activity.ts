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
import type { Screen } from '../../shared/fleet/payloads';

export type { Screen } from '../../shared/fleet/payloads';

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
  screen: Screen;
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
   * Nobody is being served: the attract screen, or (idle wipe off) no input for a while,
   * and no print or dialog in progress.
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
  let lastInputAt = now();
  let printing = 0;
  let dialogOpen = false;
  let idleWipes = 0;
  let receipts = 0;
  let catalogue: CatalogueReport | null = null;
  const listeners = new Set<() => void>();
  let idleTimer: unknown = null;

  const isBusy = (): boolean => printing > 0 || dialogOpen;

  const isSafe = (): boolean => {
    if (isBusy()) return false;
    if (screen === 'attract') return true;
    return !options.idleWipeEnabled() && now() - lastInputAt >= idleSafeMs;
  };

  const notify = (): void => {
    for (const listener of [...listeners]) listener();
    armIdleTimer();
  };

  // Nothing else changes when the idle period runs out, so a timer re-checks then. Only
  // with the idle wipe off does time alone make a moment safe: with it on, a timer would
  // fire every 10 ms once the period had passed off the attract screen.
  function armIdleTimer(): void {
    if (idleTimer !== null) clearTimer(idleTimer);
    idleTimer = null;
    if (listeners.size === 0 || isSafe() || screen === 'attract' || isBusy()) return;
    if (options.idleWipeEnabled()) return;
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
      if (next === screen) return;
      screen = next;
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
