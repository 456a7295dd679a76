import { describe, expect, it } from 'vitest';
import {
  DAILY_FAILURE_CAP,
  DEFAULT_LIMITER_OPTIONS,
  localDay,
  memoryStore,
  NO_FAILURES,
  PinAttemptLimiter,
  type LockoutStore,
} from '../../../../electron/main/staff-exit/pin-lockout';

const MINUTE = 60_000;

describe('the PIN lock-out', () => {
  it('doubles the lock-out with each further wrong PIN, up to a cap', () => {
    const limiter = new PinAttemptLimiter({
      ...DEFAULT_LIMITER_OPTIONS,
      freeAttempts: 1,
      baseLockoutMs: 1000,
      maxLockoutMs: 3000,
      decayMs: 60 * MINUTE,
    });
    limiter.recordFailure(0);
    expect(limiter.isLocked(999)).toBe(true);
    expect(limiter.isLocked(1000)).toBe(false);
    limiter.recordFailure(1000);
    expect(limiter.isLocked(2999)).toBe(true);
    limiter.recordFailure(3000);
    expect(limiter.isLocked(5999)).toBe(true);
    expect(limiter.isLocked(6000)).toBe(false);
    limiter.recordSuccess();
    expect(limiter.isLocked(6000)).toBe(false);
  });

  it('says how long the lock-out still lasts', () => {
    const limiter = new PinAttemptLimiter();
    for (let failure = 0; failure < 3; failure += 1) limiter.recordFailure(0);
    expect(limiter.lockedForMs(0)).toBe(30_000);
    expect(limiter.lockedForMs(12_000)).toBe(18_000);
    expect(limiter.lockedForMs(30_000)).toBe(0);
  });

  it('forgives one failure every 15 minutes without a new one', () => {
    const limiter = new PinAttemptLimiter();
    for (let failure = 0; failure < 3; failure += 1) limiter.recordFailure(0);
    expect(limiter.failures).toBe(3);
    limiter.lockedForMs(15 * MINUTE - 1);
    expect(limiter.failures).toBe(3);
    limiter.lockedForMs(15 * MINUTE);
    expect(limiter.failures).toBe(2);
    limiter.lockedForMs(45 * MINUTE);
    expect(limiter.failures).toBe(0);
    // Two failures forgiven, one left: the next wrong PIN is the third, not the fourth.
    const again = new PinAttemptLimiter();
    for (let failure = 0; failure < 3; failure += 1) again.recordFailure(0);
    again.recordFailure(30 * MINUTE);
    expect(again.failures).toBe(2);
    expect(again.isLocked(30 * MINUTE)).toBe(false);
  });

  it('a new failure restarts the decay clock', () => {
    const limiter = new PinAttemptLimiter();
    limiter.recordFailure(0);
    limiter.recordFailure(14 * MINUTE);
    limiter.lockedForMs(28 * MINUTE);
    expect(limiter.failures).toBe(2);
    limiter.lockedForMs(29 * MINUTE);
    expect(limiter.failures).toBe(1);
  });

  it('never locks for longer than the cap when the clock is set back', () => {
    const limiter = new PinAttemptLimiter(
      undefined,
      memoryStore({
        ...NO_FAILURES,
        failures: 9,
        lockedUntil: Date.UTC(2030, 0, 1),
        since: Date.UTC(2030, 0, 1),
      }),
    );
    const now = Date.UTC(2025, 0, 1);
    expect(limiter.lockedForMs(now)).toBe(10 * MINUTE);
    // The decay counts from now instead of waiting for 2030.
    limiter.lockedForMs(now + 15 * MINUTE);
    expect(limiter.failures).toBe(8);
  });

  it('saves every change to its store and starts from what was saved', () => {
    const store = memoryStore();
    const limiter = new PinAttemptLimiter(undefined, store);
    const day = localDay(1000);
    limiter.recordFailure(1000);
    expect(store.saved).toEqual({ failures: 1, lockedUntil: 0, since: 1000, day, dayFailures: 1 });
    limiter.recordFailure(2000);
    limiter.recordFailure(3000);
    expect(store.saved).toEqual({
      failures: 3,
      lockedUntil: 33_000,
      since: 3000,
      day,
      dayFailures: 3,
    });
    expect(new PinAttemptLimiter(undefined, store).lockedForMs(3000)).toBe(30_000);
    limiter.recordSuccess();
    expect(store.saved).toEqual(NO_FAILURES);
  });
});

/** Local wall-clock times, so the day boundaries hold in any time zone the tests run in. */
const at = (day: number, hour: number, minute = 0) =>
  new Date(2025, 2, day, hour, minute).getTime();

/** Ten wrong PINs on 10 March, far enough apart that the back-off never stands in the way. */
function failTenTimes(limiter: PinAttemptLimiter): number {
  let now = at(10, 8);
  for (let failure = 0; failure < DAILY_FAILURE_CAP; failure += 1) {
    expect(limiter.isLocked(now), `failure ${failure + 1}`).toBe(false);
    limiter.recordFailure(now);
    now += 11 * MINUTE;
  }
  return now;
}

describe('the daily cap on wrong PINs', () => {
  it('is 10 a day', () => {
    expect(DEFAULT_LIMITER_OPTIONS.dailyCap).toBe(10);
  });

  it('locks entry until midnight after the 10th wrong PIN of the day', () => {
    const limiter = new PinAttemptLimiter();
    const after = failTenTimes(limiter);
    expect(limiter.failedAttemptsToday(after)).toBe(10);
    expect(limiter.isLockedForTheDay(after)).toBe(true);
    // Long after every back-off and decay is over, it is still locked…
    expect(limiter.lockedForMs(at(10, 23, 59))).toBe(60_000);
    expect(limiter.isLocked(at(10, 23, 59))).toBe(true);
    // …until the day ends.
    expect(limiter.isLocked(at(11, 0))).toBe(false);
    expect(limiter.failedAttemptsToday(at(11, 0))).toBe(0);
  });

  it('counts the day afresh on the next day', () => {
    const limiter = new PinAttemptLimiter();
    limiter.recordFailure(at(10, 23, 50));
    limiter.recordFailure(at(10, 23, 51));
    expect(limiter.failedAttemptsToday(at(10, 23, 52))).toBe(2);
    limiter.recordFailure(at(11, 0, 5));
    expect(limiter.failedAttemptsToday(at(11, 0, 6))).toBe(1);
  });

  it('survives a relaunch: the cap is read back from the store', () => {
    const store = memoryStore();
    const after = failTenTimes(new PinAttemptLimiter(undefined, store));
    expect(new PinAttemptLimiter(undefined, store).isLocked(after + 6 * 60 * MINUTE)).toBe(true);
  });

  it('does not reopen when the clock or the time zone goes back a day', () => {
    const store = memoryStore();
    failTenTimes(new PinAttemptLimiter(undefined, store));
    const earlier = new PinAttemptLimiter(undefined, store);
    expect(earlier.isLocked(at(9, 12))).toBe(true);
    expect(earlier.failedAttemptsToday(at(9, 12))).toBe(10);
  });

  it('a right PIN (before the cap) starts both counts again', () => {
    const limiter = new PinAttemptLimiter();
    for (let failure = 0; failure < 5; failure += 1) limiter.recordFailure(at(10, 8 + failure));
    limiter.recordSuccess();
    expect(limiter.failedAttemptsToday(at(10, 14))).toBe(0);
  });
});

describe('what the store found at start', () => {
  /** A store whose load found `found`; what is saved lands in `memory`. */
  function storeThatFound(found: ReturnType<LockoutStore['load']>) {
    const memory = memoryStore();
    return { memory, store: { load: () => found, save: memory.save } };
  }

  it('a damaged record means the longest lock-out: locked for the rest of the day, and saved so', () => {
    const { memory, store } = storeThatFound({ kind: 'damaged' });
    const limiter = new PinAttemptLimiter(undefined, store);
    expect(limiter.isLockedForTheDay(at(10, 9))).toBe(true);
    expect(limiter.lockedForMs(at(10, 9))).toBe(15 * 60 * MINUTE);
    expect(memory.saved).toMatchObject({ day: localDay(at(10, 9)), dayFailures: 10 });
    expect(limiter.isLocked(at(11, 0))).toBe(false);
  });

  it.each([{ kind: 'none' } as const, { kind: 'other-pin' } as const])(
    'no record, or one for another PIN ($kind), starts with no failures',
    (found) => {
      const limiter = new PinAttemptLimiter(undefined, storeThatFound(found).store);
      expect(limiter.isLocked(at(10, 9))).toBe(false);
      expect(limiter.failedAttemptsToday(at(10, 9))).toBe(0);
    },
  );
});
