/**
 * What the kiosk is doing, as its main process knows it (and as the simulator pretends
 * it): the screen the shopper sees
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

/** Resolves at the next safe moment (at once if it is one); rejects when `signal` aborts. */
function waitUntilSafe(
  isSafe: () => boolean,
  onChange: (listener: () => void) => () => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
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
  });
}

/** What the activity keeps: the snapshot's facts, with prints counted. */
interface ActivityState {
  screen: Screen;
  screenReported: boolean;
  lastInputAt: number;
  /** Prints under way (main reports each start and end). */
  printing: number;
  dialogOpen: boolean;
  idleWipes: number;
  receipts: number;
  catalogue: CatalogueReport | null;
}

function snapshotOf(state: ActivityState): ActivitySnapshot {
  return {
    screen: state.screen,
    screenReported: state.screenReported,
    lastInputAt: state.lastInputAt,
    busy: [
      ...(state.printing > 0 ? (['print'] as const) : []),
      ...(state.dialogOpen ? (['dialog'] as const) : []),
    ],
    idleWipes: state.idleWipes,
    receipts: state.receipts,
    catalogue: state.catalogue,
  };
}

export function createActivity(options: ActivityOptions): Activity {
  const now = options.now ?? Date.now;
  const idleSafeMs = options.idleSafeMs ?? IDLE_SAFE_MS;
  const setTimer =
    options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as NodeJS.Timeout));
  const state: ActivityState = {
    // A kiosk that has just started has nobody in front of it: the attract state.
    screen: 'attract',
    // Unknown until the page says: a renderer that never reports (broken, or an old build)
    // must not make every moment look safe, nor block relaunches that could mend it forever.
    screenReported: false,
    lastInputAt: now(),
    printing: 0,
    dialogOpen: false,
    idleWipes: 0,
    receipts: 0,
    catalogue: null,
  };
  const listeners = new Set<() => void>();
  let idleTimer: unknown = null;

  const isBusy = (): boolean => state.printing > 0 || state.dialogOpen;

  /** Whether only time (no input for idleSafeMs) can make this moment safe. */
  const safeByQuietOnly = (): boolean => !state.screenReported || !options.idleWipeEnabled();

  const isSafe = (): boolean => {
    if (isBusy()) return false;
    if (state.screenReported && state.screen === 'attract') return true;
    return safeByQuietOnly() && now() - state.lastInputAt >= idleSafeMs;
  };

  const notify = (): void => {
    for (const listener of [...listeners]) listener();
    armIdleTimer();
  };

  /** Changes the state, then tells every listener. */
  const change = (update: () => void): void => {
    update();
    notify();
  };

  // Nothing else changes when the idle period runs out, so a timer re-checks then. Only
  // with the idle wipe off (or no screen reported) does time alone make a moment safe:
  // otherwise a timer would fire every 10 ms once the period had passed off attract.
  function armIdleTimer(): void {
    if (idleTimer !== null) clearTimer(idleTimer);
    idleTimer = null;
    if (listeners.size === 0 || isSafe() || isBusy()) return;
    if (!safeByQuietOnly()) return;
    const due = Math.max(0, state.lastInputAt + idleSafeMs - now()) + 10;
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
      if (next === state.screen && state.screenReported) return;
      change(() => {
        state.screen = next;
        state.screenReported = true;
      });
    },
    screenUnknown: () => {
      if (!state.screenReported) return;
      change(() => {
        state.screenReported = false;
        // The reload is the last sign of life: the quiet that can make it safe counts from here.
        state.lastInputAt = now();
      });
    },
    input: () => change(() => (state.lastInputAt = now())),
    setBusy: (kind, on) =>
      change(() => {
        if (kind === 'dialog') state.dialogOpen = on;
        else state.printing = Math.max(0, state.printing + (on ? 1 : -1));
      }),
    idleWiped: () => change(() => (state.idleWipes += 1)),
    receiptIssued: () => change(() => (state.receipts += 1)),
    catalogueLoaded: (report) => change(() => (state.catalogue = { ...report })),
    snapshot: () => snapshotOf(state),
    isSafe,
    whenSafe: (signal) => waitUntilSafe(isSafe, onChange, signal),
    onChange,
  };
}
