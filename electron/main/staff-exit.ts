/**
 * Staff exit: the renderer shows a PIN dialog after the chord and submits the PIN here.
 * The comparison is constant-time and wrong PINs are rate-limited, so a shopper cannot
 * guess the PIN by hammering the dialog.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IpcMain } from 'electron';
import { IPC_CHANNELS } from '../../shared/bridge';
import { isTrustedSender } from './ipc-sender';
import type { Logger } from './logging';

export function pinMatches(submitted: string, expected: string): boolean {
  if (expected === '') return false;
  // Hashing first gives equal lengths, which timingSafeEqual requires.
  const a = createHash('sha256').update(submitted).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export interface LimiterOptions {
  /** Wrong PINs allowed before lock-outs start. */
  freeAttempts: number;
  baseLockoutMs: number;
  maxLockoutMs: number;
}

export const DEFAULT_LIMITER_OPTIONS: LimiterOptions = {
  freeAttempts: 3,
  baseLockoutMs: 30_000,
  maxLockoutMs: 10 * 60_000,
};

/** After the free attempts, each wrong PIN locks the dialog out for twice as long. */
export class PinAttemptLimiter {
  private failures = 0;
  private lockedUntil = 0;

  constructor(private readonly options: LimiterOptions = DEFAULT_LIMITER_OPTIONS) {}

  isLocked(now: number): boolean {
    return now < this.lockedUntil;
  }

  recordFailure(now: number): void {
    this.failures += 1;
    const over = this.failures - this.options.freeAttempts;
    if (over >= 0) {
      const lockout = Math.min(this.options.baseLockoutMs * 2 ** over, this.options.maxLockoutMs);
      this.lockedUntil = now + lockout;
    }
  }

  recordSuccess(): void {
    this.failures = 0;
    this.lockedUntil = 0;
  }
}

export interface StaffExitOptions {
  ipcMain: Pick<IpcMain, 'handle'>;
  staffPin: string;
  quit: () => void;
  log: Logger;
  now?: () => number;
  limiter?: PinAttemptLimiter;
}

export function setupStaffExit(options: StaffExitOptions): void {
  const { ipcMain, staffPin, quit, log, now = Date.now } = options;
  const limiter = options.limiter ?? new PinAttemptLimiter();
  if (staffPin === '') {
    log.warn('Staff exit: no staff PIN configured, the exit chord cannot quit this kiosk');
  }
  ipcMain.handle(IPC_CHANNELS.submitStaffExitPin, (event, pin: unknown) => {
    if (!isTrustedSender(event)) {
      log.warn(
        `IPC: rejected ${IPC_CHANNELS.submitStaffExitPin} from ${event.senderFrame?.url ?? 'a gone frame'}`,
      );
      return false;
    }
    if (typeof pin !== 'string' || pin.length > 64) return false;
    const at = now();
    if (limiter.isLocked(at)) {
      log.warn('Staff exit: PIN entry is locked out after repeated wrong PINs');
      return false;
    }
    if (!pinMatches(pin, staffPin)) {
      limiter.recordFailure(at);
      log.warn('Staff exit: wrong PIN');
      return false;
    }
    limiter.recordSuccess();
    log.info('Staff exit: PIN accepted, quitting');
    // Let the invoke reply reach the renderer before the app goes away.
    setImmediate(quit);
    return true;
  });
}
