import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fileLockoutStore,
  memoryStore,
  NO_FAILURES,
  PinAttemptLimiter,
} from '../../../electron/main/pin-lockout';
import { fakeLogger } from '../support/fake-electron';

const MINUTE = 60_000;

describe('the PIN lock-out', () => {
  it('doubles the lock-out with each further wrong PIN, up to a cap', () => {
    const limiter = new PinAttemptLimiter({
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
    limiter.recordFailure(1000);
    expect(store.saved).toEqual({ failures: 1, lockedUntil: 0, since: 1000 });
    limiter.recordFailure(2000);
    limiter.recordFailure(3000);
    expect(store.saved).toEqual({ failures: 3, lockedUntil: 33_000, since: 3000 });
    expect(new PinAttemptLimiter(undefined, store).lockedForMs(3000)).toBe(30_000);
    limiter.recordSuccess();
    expect(store.saved).toEqual(NO_FAILURES);
  });
});

describe('the lock-out file in userData', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-lockout-'));

  it('round-trips the state through the file, and a missing file means no failures', () => {
    const path = join(dir, 'round-trip.json');
    const log = fakeLogger();
    const store = fileLockoutStore(path, log);
    expect(store.load()).toEqual(NO_FAILURES);
    store.save({ failures: 4, lockedUntil: 90_000, since: 30_000 });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      failures: 4,
      lockedUntil: 90_000,
      since: 30_000,
    });
    expect(fileLockoutStore(path, log).load()).toEqual({
      failures: 4,
      lockedUntil: 90_000,
      since: 30_000,
    });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it.each(['{"failures": -1, "lockedUntil": 0, "since": 0}', 'not json', '[]'])(
    'reports a damaged file (%s) and starts afresh',
    (text) => {
      const path = join(dir, 'damaged.json');
      writeFileSync(path, text);
      const log = fakeLogger();
      expect(fileLockoutStore(path, log).load()).toEqual(NO_FAILURES);
      expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('is damaged'));
    },
  );

  it('logs, and does not throw, when it cannot save', () => {
    const log = fakeLogger();
    fileLockoutStore(join(dir, 'no-such-folder', 'lockout.json'), log).save(NO_FAILURES);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('cannot save the PIN lock-out'));
  });
});
