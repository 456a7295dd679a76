/**
 * Rate-limits staff PIN entry so a shopper cannot guess the PIN by hammering the dialog.
 * The state lives in userData, so a relaunch (or pulling the plug) does not hand out fresh
 * tries, and old failures decay, so a member of staff who mistyped last week is not locked
 * out today.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { Logger } from './logging';

export const LOCKOUT_FILE_NAME = 'staff-exit-lockout.json';

export interface LimiterOptions {
  /** Wrong PINs allowed before lock-outs start. */
  freeAttempts: number;
  baseLockoutMs: number;
  maxLockoutMs: number;
  /** One failure is forgiven each time this much time passes without a new one. */
  decayMs: number;
}

export const DEFAULT_LIMITER_OPTIONS: LimiterOptions = {
  freeAttempts: 3,
  baseLockoutMs: 30_000,
  maxLockoutMs: 10 * 60_000,
  decayMs: 15 * 60_000,
};

const lockoutStateSchema = z.object({
  failures: z.number().int().min(0).max(1_000_000),
  /** Epoch ms until which no PIN is checked; 0 = not locked. */
  lockedUntil: z.number().min(0),
  /** Epoch ms of the last failure or the last forgiven one: the decay counts from here. */
  since: z.number().min(0),
});

export type LockoutState = z.infer<typeof lockoutStateSchema>;

export const NO_FAILURES: LockoutState = { failures: 0, lockedUntil: 0, since: 0 };

export interface LockoutStore {
  load(): LockoutState;
  save(state: LockoutState): void;
}

/** After the free attempts, each wrong PIN locks the dialog out for twice as long. */
export class PinAttemptLimiter {
  private state: LockoutState;

  constructor(
    private readonly options: LimiterOptions = DEFAULT_LIMITER_OPTIONS,
    private readonly store: LockoutStore = memoryStore(),
  ) {
    this.state = store.load();
  }

  /** How long PIN entry stays locked; 0 when a PIN may be tried now. */
  lockedForMs(now: number): number {
    this.decay(now);
    // A clock set back must not turn a 30 s lock-out into days.
    return Math.min(Math.max(this.state.lockedUntil - now, 0), this.options.maxLockoutMs);
  }

  isLocked(now: number): boolean {
    return this.lockedForMs(now) > 0;
  }

  recordFailure(now: number): void {
    this.decay(now);
    const failures = this.state.failures + 1;
    const over = failures - this.options.freeAttempts;
    const lockout =
      over >= 0 ? Math.min(this.options.baseLockoutMs * 2 ** over, this.options.maxLockoutMs) : 0;
    this.update({
      failures,
      lockedUntil: lockout > 0 ? now + lockout : this.state.lockedUntil,
      since: now,
    });
  }

  recordSuccess(): void {
    this.update(NO_FAILURES);
  }

  get failures(): number {
    return this.state.failures;
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

export function memoryStore(initial: LockoutState = NO_FAILURES): LockoutStore & {
  saved: LockoutState;
} {
  const store = {
    saved: initial,
    load: () => store.saved,
    save: (state: LockoutState) => {
      store.saved = state;
    },
  };
  return store;
}

function isMissingFile(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

/**
 * The lock-out in `<userData>/staff-exit-lockout.json`, replaced atomically so a power cut
 * cannot leave half a file. A damaged file is reported and starts afresh: whoever can write
 * it could as well write zero failures into it.
 */
export function fileLockoutStore(path: string, log: Logger): LockoutStore {
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if (!isMissingFile(error)) log.warn(`Staff exit: cannot read ${path}; starting afresh`);
        return NO_FAILURES;
      }
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Reported below with the other damage.
      }
      const parsed = lockoutStateSchema.safeParse(json);
      if (parsed.success) return parsed.data;
      log.warn(`Staff exit: ${path} is damaged; starting afresh`);
      return NO_FAILURES;
    },
    save(state) {
      const temporary = `${path}.tmp`;
      try {
        writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 });
        renameSync(temporary, path);
      } catch (error) {
        log.warn(
          `Staff exit: cannot save the PIN lock-out to ${path} (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    },
  };
}
