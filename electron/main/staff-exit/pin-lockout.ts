/**
 * Rate-limits staff PIN entry so a shopper cannot guess the PIN by hammering the dialog.
 * Two limits: after a few wrong PINs each further one locks entry for twice as long
 * (old failures decay, so a member of staff who mistyped last week is not locked out
 * today), and at most DAILY_FAILURE_CAP wrong PINs per local day, after which the exit
 * stays locked until the next day. The state survives relaunches (pin-lockout-record.ts).
 */

export interface LimiterOptions {
  /** Wrong PINs allowed before lock-outs start. */
  freeAttempts: number;
  baseLockoutMs: number;
  maxLockoutMs: number;
  /** One failure is forgiven each time this much time passes without a new one. */
  decayMs: number;
  /** Wrong PINs allowed per local day; reaching it locks the exit until the next day. */
  dailyCap: number;
}

/**
 * 10 a day: with 6 digits that is one chance in 100,000 a day, about 140 years for an even
 * chance. The back-off alone spreads 10 wrong PINs over more than half an hour.
 */
export const DAILY_FAILURE_CAP = 10;

export const DEFAULT_LIMITER_OPTIONS: LimiterOptions = {
  freeAttempts: 3,
  baseLockoutMs: 30_000,
  maxLockoutMs: 10 * 60_000,
  decayMs: 15 * 60_000,
  dailyCap: DAILY_FAILURE_CAP,
};

export interface LockoutState {
  /** Wrong PINs in a row for the back-off; decays. */
  failures: number;
  /** Epoch ms until which no PIN is checked; 0 = not locked. */
  lockedUntil: number;
  /** Epoch ms of the last failure or the last forgiven one: the decay counts from here. */
  since: number;
  /** The local day (YYYY-MM-DD) `dayFailures` counts; '' before the first failure. */
  day: string;
  /** Wrong PINs on `day`; never decays. */
  dayFailures: number;
}

export const NO_FAILURES: LockoutState = {
  failures: 0,
  lockedUntil: 0,
  since: 0,
  day: '',
  dayFailures: 0,
};

/** What a store found when the kiosk started. */
export type StoredLockout =
  /** No record: a first start, or a deleted record; the two cannot be told apart. */
  | { kind: 'none' }
  | { kind: 'ok'; state: LockoutState }
  /** A record kept for another staffPinHash: the PIN was changed, so the count starts again. */
  | { kind: 'other-pin' }
  /** Unreadable, not a record, or altered: the longest lock-out. */
  | { kind: 'damaged' };

export interface LockoutStore {
  load(): StoredLockout;
  save(state: LockoutState): void;
}

/** The local calendar day of `now`, as YYYY-MM-DD (so days compare as strings). */
export function localDay(now: number): string {
  const date = new Date(now);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Epoch ms of the local midnight that ends `day`. */
function endOfDay(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + 1).getTime();
}

export class PinAttemptLimiter {
  private state: LockoutState;
  /** The record was damaged: the longest lock-out begins at the first check. */
  private damaged: boolean;

  constructor(
    private readonly options: LimiterOptions = DEFAULT_LIMITER_OPTIONS,
    private readonly store: LockoutStore = memoryStore(),
  ) {
    const stored = store.load();
    this.state = stored.kind === 'ok' ? stored.state : NO_FAILURES;
    this.damaged = stored.kind === 'damaged';
  }

  /** How long PIN entry stays locked; 0 when a PIN may be tried now. */
  lockedForMs(now: number): number {
    this.settle(now);
    // A clock set back must not turn a 30 s lock-out into days.
    const backOff = Math.min(Math.max(this.state.lockedUntil - now, 0), this.options.maxLockoutMs);
    return Math.max(backOff, this.dailyLockMs(now));
  }

  isLocked(now: number): boolean {
    return this.lockedForMs(now) > 0;
  }

  /** Whether the daily cap, not the back-off, is what locks entry now. */
  isLockedForTheDay(now: number): boolean {
    this.settle(now);
    return this.dailyLockMs(now) > 0;
  }

  recordFailure(now: number): void {
    this.settle(now);
    const failures = this.state.failures + 1;
    const over = failures - this.options.freeAttempts;
    const lockout =
      over >= 0 ? Math.min(this.options.baseLockoutMs * 2 ** over, this.options.maxLockoutMs) : 0;
    const today = localDay(now);
    const sameDay = this.state.day >= today;
    this.update({
      failures,
      lockedUntil: lockout > 0 ? now + lockout : this.state.lockedUntil,
      since: now,
      day: sameDay ? this.state.day : today,
      dayFailures: sameDay ? this.state.dayFailures + 1 : 1,
    });
  }

  /** The right PIN: whoever typed it knows it, so both counts start again. */
  recordSuccess(): void {
    this.update(NO_FAILURES);
  }

  get failures(): number {
    return this.state.failures;
  }

  /** Wrong PINs on the local day of `now` (for the log and fleet health). */
  failedAttemptsToday(now: number): number {
    this.settle(now);
    return this.state.day >= localDay(now) ? this.state.dayFailures : 0;
  }

  get dailyCap(): number {
    return this.options.dailyCap;
  }

  /**
   * Locked until the day of the record ends. A record from a later day than the clock's
   * (the clock or the time zone went back) still counts: going back must not reopen it.
   */
  private dailyLockMs(now: number): number {
    const { day, dayFailures } = this.state;
    if (day === '' || day < localDay(now) || dayFailures < this.options.dailyCap) return 0;
    return Math.max(endOfDay(day) - now, 0);
  }

  private settle(now: number): void {
    if (this.damaged) {
      this.damaged = false;
      this.update({
        ...NO_FAILURES,
        day: localDay(now),
        dayFailures: this.options.dailyCap,
        since: now,
      });
    }
    this.decay(now);
  }

  private decay(now: number): void {
    const { failures, since } = this.state;
    if (failures === 0) return;
    if (since > now) {
      // The clock went back: count the decay from now rather than never.
      this.update({ ...this.state, since: now });
      return;
    }
    const forgiven = Math.min(Math.floor((now - since) / this.options.decayMs), failures);
    if (forgiven === 0) return;
    this.update({
      ...this.state,
      failures: failures - forgiven,
      since: since + forgiven * this.options.decayMs,
    });
  }

  private update(state: LockoutState): void {
    this.state = state;
    this.store.save(state);
  }
}

export function memoryStore(initial?: LockoutState): LockoutStore & {
  saved: LockoutState | null;
} {
  const store = {
    saved: initial ?? null,
    load: (): StoredLockout =>
      store.saved ? { kind: 'ok', state: store.saved } : { kind: 'none' },
    save: (state: LockoutState) => {
      store.saved = state;
    },
  };
  return store;
}
