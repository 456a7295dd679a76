/**
 * Staff exit: the renderer shows a PIN dialog after the chord and submits the PIN here.
 * The PIN is checked against a salted scrypt hash (or, with a warning, a plain PIN) in
 * constant time, and wrong PINs are rate-limited with a daily cap (pin-lockout.ts), so a
 * shopper cannot guess the PIN by hammering the dialog. Every wrong PIN is logged with the
 * day's count; the PIN itself never is.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IpcMain } from 'electron';
import { IPC_CHANNELS, type StaffExitResult } from '../../../shared/bridge';
import { isTrustedSender } from '../ipc-sender';
import type { Logger } from '../logging/logging';
import { PinAttemptLimiter } from './pin-lockout';
import { STAFF_PIN_PATTERN } from '../../../shared/kiosk-config/staff-pin';
import { verifyStaffPin } from './staff-pin-hash';

export function pinMatches(submitted: string, expected: string): boolean {
  if (expected === '') return false;
  // Hashing first gives equal lengths, which timingSafeEqual requires.
  const a = createHash('sha256').update(submitted).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

type PinCheck = (pin: string) => Promise<boolean>;

/** The hash wins over a plain PIN; a plain PIN works but is worth a warning. */
function pinCheckFor(staffPin: string, staffPinHash: string, log: Logger): PinCheck | null {
  if (staffPinHash !== '') {
    if (staffPin !== '')
      log.warn('Staff exit: staffPinHash is set, so the plain staffPin is ignored');
    return (pin) =>
      verifyStaffPin(pin, staffPinHash).catch((error: unknown) => {
        log.error(`Staff exit: cannot check the PIN hash (${String(error)})`);
        return false;
      });
  }
  if (staffPin !== '') {
    log.warn(
      'Staff exit: the staff PIN is configured in plain text; configure staffPinHash instead (npm run staff-pin:hash)',
    );
    return (pin) => Promise.resolve(pinMatches(pin, staffPin));
  }
  log.warn('Staff exit: no staff PIN configured, the exit chord cannot quit this kiosk');
  return null;
}

const WRONG: StaffExitResult = { status: 'wrong' };

function lockedResult(ms: number): StaffExitResult {
  return { status: 'locked', retryAfterSeconds: Math.ceil(ms / 1000) };
}

export interface StaffExitOptions {
  ipcMain: Pick<IpcMain, 'handle'>;
  staffPin: string;
  /** A hash from `npm run staff-pin:hash`; wins over `staffPin`. */
  staffPinHash?: string;
  quit: () => void;
  log: Logger;
  now?: () => number;
  limiter?: PinAttemptLimiter;
  /**
   * The kiosk's pairing code while it waits to be enrolled (fleet/enrolment.ts), else null:
   * the right PIN then shows it to staff, and the kiosk closes when they confirm.
   */
  pairingCode?: () => string | null;
}

/** How long after the right PIN staff may still confirm closing the kiosk. */
export const CONFIRM_EXIT_MS = 2 * 60_000;

/** What the rest of the kiosk (later, fleet health) may ask about the staff exit. */
export interface StaffExitHandle {
  /** Wrong PINs since local midnight. */
  failedAttemptsToday(): number;
}

export function setupStaffExit(options: StaffExitOptions): StaffExitHandle {
  const { ipcMain, staffPin, staffPinHash = '', quit, log, now = Date.now } = options;
  const limiter = options.limiter ?? new PinAttemptLimiter();
  const check = pinCheckFor(staffPin, staffPinHash, log);
  /** Until when a confirmation closes the kiosk: set only by the right PIN. */
  let confirmUntil: number | null = null;
  // A shopper pressing Enter on a locked dialog must not fill the log: one line per lock.
  let lockLogged = 0;

  const refuseWhileLocked = (at: number, lockedFor: number): StaffExitResult => {
    const until = at + lockedFor;
    if (Math.abs(until - lockLogged) > 1000) {
      lockLogged = until;
      log.warn(
        limiter.isLockedForTheDay(at)
          ? `Staff exit: PIN entry is locked for the day after ${limiter.failedAttemptsToday(at)} wrong PINs; it opens at midnight or with a new staffPinHash`
          : 'Staff exit: PIN entry is locked out after repeated wrong PINs',
      );
    }
    return lockedResult(lockedFor);
  };

  const recordWrongPin = (at: number, wellFormed: boolean): StaffExitResult => {
    limiter.recordFailure(at);
    const lockout = limiter.lockedForMs(at);
    const today = limiter.failedAttemptsToday(at);
    const shape = wellFormed ? '' : ', not 6 to 12 digits';
    log.warn(
      `Staff exit: wrong PIN (${limiter.failures} in a row, ${today} of ${limiter.dailyCap} allowed today${shape})` +
        (lockout > 0 ? `; PIN entry locked for ${Math.ceil(lockout / 1000)} s` : ''),
    );
    if (limiter.isLockedForTheDay(at)) {
      log.error(
        `Staff exit: ${today} wrong PINs today; the exit stays locked until midnight or a new staffPinHash`,
      );
      lockLogged = at + lockout;
    }
    return lockout > 0 ? lockedResult(lockout) : WRONG;
  };

  const attempt = async (pin: string): Promise<StaffExitResult> => {
    const lockedFor = limiter.lockedForMs(now());
    if (lockedFor > 0) return refuseWhileLocked(now(), lockedFor);
    if (!check) return WRONG;
    // Never 6 to 12 digits: wrong without a check (an old hash of a 4-digit PIN cannot open
    // the exit), and counted like any other guess.
    const wellFormed = STAFF_PIN_PATTERN.test(pin.normalize('NFKC'));
    if (!wellFormed || !(await check(pin))) return recordWrongPin(now(), wellFormed);
    limiter.recordSuccess();
    const pairingCode = options.pairingCode?.() ?? null;
    if (pairingCode !== null) {
      confirmUntil = now() + CONFIRM_EXIT_MS;
      log.info('Staff exit: PIN accepted; showing the pairing code until staff close the kiosk');
      return { status: 'accepted', pairingCode };
    }
    log.info('Staff exit: PIN accepted, quitting');
    // Let the invoke reply reach the renderer before the app goes away.
    setImmediate(quit);
    return { status: 'accepted' };
  };

  // One PIN at a time: parallel submissions must not all pass the lock-out check before
  // the first failure is counted.
  let queue: Promise<unknown> = Promise.resolve();
  ipcMain.handle(IPC_CHANNELS.submitStaffExitPin, (event, pin: unknown) => {
    if (!isTrustedSender(event)) {
      log.warn(
        `IPC: rejected ${IPC_CHANNELS.submitStaffExitPin} from ${event.senderFrame?.url ?? 'a gone frame'}`,
      );
      return WRONG;
    }
    if (typeof pin !== 'string' || pin.length > 64) return WRONG;
    const result = queue.then(() => attempt(pin));
    queue = result.catch(() => undefined);
    return result;
  });
  ipcMain.handle(IPC_CHANNELS.confirmStaffExit, (event) => {
    if (!isTrustedSender(event)) {
      log.warn(
        `IPC: rejected ${IPC_CHANNELS.confirmStaffExit} from ${event.senderFrame?.url ?? 'a gone frame'}`,
      );
      return false;
    }
    // Only just after the right PIN: the page alone can never close the kiosk.
    if (confirmUntil === null || now() > confirmUntil) return false;
    confirmUntil = null;
    log.info('Staff exit: closing the kiosk');
    setImmediate(quit);
    return true;
  });
  return { failedAttemptsToday: () => limiter.failedAttemptsToday(now()) };
}
