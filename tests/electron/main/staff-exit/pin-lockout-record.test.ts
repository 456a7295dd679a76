import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  localDay,
  PinAttemptLimiter,
  type LockoutState,
} from '../../../../electron/main/staff-exit/pin-lockout';
import {
  fileLockoutStore,
  lockoutRecordKeys,
} from '../../../../electron/main/staff-exit/pin-lockout-record';

const HASH = 'scrypt:32768:8:1:BwcHBwcHBwcHBwcHBwcHBw:' + 'A'.repeat(43);
const OTHER_HASH = 'scrypt:32768:8:1:CAgICAgICAgICAgICAgICA:' + 'B'.repeat(43);
const dir = mkdtempSync(join(tmpdir(), 'kiosk-lockout-record-'));
let files = 0;
const freshPath = () => join(dir, `lockout-${(files += 1)}.json`);

function logger() {
  return {
    info: vi.fn<(line: string) => void>(),
    warn: vi.fn<(line: string) => void>(),
    error: vi.fn<(line: string) => void>(),
  };
}

const NOW = new Date(2025, 2, 10, 9, 0).getTime();
const CAPPED: LockoutState = {
  failures: 10,
  lockedUntil: NOW + 600_000,
  since: NOW,
  day: localDay(NOW),
  dayFailures: 10,
};

describe('the lock-out record on disk', () => {
  it('round-trips the state, signed, readable by the kiosk account only, without the hash', () => {
    const path = freshPath();
    const log = logger();
    fileLockoutStore(path, log, HASH).save(CAPPED);
    const record = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(record).toMatchObject({ v: 1, ...CAPPED });
    expect(record.mac).toMatch(/^[\w-]{43}$/);
    expect(record.keyId).toBe(lockoutRecordKeys(HASH).id);
    expect(readFileSync(path, 'utf8')).not.toContain(HASH.split(':')[5]);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(fileLockoutStore(path, log, HASH).load()).toEqual({ kind: 'ok', state: CAPPED });
    expect([...log.warn.mock.calls, ...log.error.mock.calls]).toEqual([]);
  });

  it('finds no record where there is none (a first start, or a deleted record)', () => {
    const log = logger();
    expect(fileLockoutStore(freshPath(), log, HASH).load()).toEqual({ kind: 'none' });
    expect(log.error).not.toHaveBeenCalled();
  });

  // The kiosk account cannot quietly reset the count by editing it.
  it.each([
    ['dayFailures', { dayFailures: 0 }],
    ['day', { day: '2025-03-09' }],
    ['failures', { failures: 0 }],
    ['lockedUntil', { lockedUntil: 0 }],
    ['mac', { mac: 'A'.repeat(43) }],
  ])(
    'takes a record with an edited %s as altered: the exit stays locked for the day',
    (_field, edit) => {
      const path = freshPath();
      fileLockoutStore(path, logger(), HASH).save(CAPPED);
      const record = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      writeFileSync(path, JSON.stringify({ ...record, ...edit }));
      const log = logger();
      const store = fileLockoutStore(path, log, HASH);
      expect(store.load()).toEqual({ kind: 'damaged' });
      expect(log.error).toHaveBeenCalledWith(
        `Staff exit: the PIN lock-out ${path} has been altered; staff exit locked until tomorrow`,
      );
      const limiter = new PinAttemptLimiter(undefined, store);
      expect(limiter.isLockedForTheDay(NOW)).toBe(true);
      // The longest lock-out is written back, signed, so the next start agrees.
      expect(fileLockoutStore(path, logger(), HASH).load()).toMatchObject({
        kind: 'ok',
        state: { day: localDay(NOW), dayFailures: 10 },
      });
    },
  );

  it.each([
    ['not JSON', 'not json'],
    ['a JSON array', '[]'],
    ['a record with a field too many', null],
    ['empty', ''],
  ])('takes a record that is %s as damaged', (_what, text) => {
    const path = freshPath();
    if (text === null) {
      fileLockoutStore(path, logger(), HASH).save(CAPPED);
      const record = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      writeFileSync(path, JSON.stringify({ ...record, reset: true }));
    } else {
      writeFileSync(path, text);
    }
    const log = logger();
    expect(fileLockoutStore(path, log, HASH).load()).toEqual({ kind: 'damaged' });
    expect(log.error).toHaveBeenCalledWith(expect.stringMatching(/locked until tomorrow$/));
  });

  it('takes a record it cannot read as damaged', () => {
    const path = freshPath();
    mkdirSync(path);
    const log = logger();
    expect(fileLockoutStore(path, log, HASH).load()).toEqual({ kind: 'damaged' });
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining(`cannot read the PIN lock-out ${path}`),
    );
  });

  it('counts afresh after a new staffPinHash, and says so', () => {
    const path = freshPath();
    fileLockoutStore(path, logger(), OTHER_HASH).save(CAPPED);
    const log = logger();
    const store = fileLockoutStore(path, log, HASH);
    expect(store.load()).toEqual({ kind: 'other-pin' });
    expect(log.info).toHaveBeenCalledWith(
      `Staff exit: the staff PIN has changed since ${path} was written; counting afresh`,
    );
    expect(new PinAttemptLimiter(undefined, store).isLocked(NOW)).toBe(false);
  });

  it('carries the unsigned record of earlier versions over', () => {
    const path = freshPath();
    writeFileSync(path, JSON.stringify({ failures: 4, lockedUntil: NOW + 60_000, since: NOW }));
    expect(fileLockoutStore(path, logger(), HASH).load()).toEqual({
      kind: 'ok',
      state: { failures: 4, lockedUntil: NOW + 60_000, since: NOW, day: '', dayFailures: 0 },
    });
  });

  it('derives a different key and key id from each hash', () => {
    const a = lockoutRecordKeys(HASH);
    const b = lockoutRecordKeys(OTHER_HASH);
    expect(a.id).not.toBe(b.id);
    expect(a.mac.equals(b.mac)).toBe(false);
    expect(lockoutRecordKeys(HASH).mac.equals(a.mac)).toBe(true);
    expect(a.mac).toHaveLength(32);
  });

  it('logs, and does not throw, when it cannot save', () => {
    const log = logger();
    fileLockoutStore(join(dir, 'no-such-folder', 'lockout.json'), log, HASH).save(CAPPED);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('cannot save the PIN lock-out'));
  });
});
