/**
 * The PIN lock-out on disk, `<userData>/staff-exit-lockout.json`, authenticated with an
 * HMAC whose key is derived (HKDF) from the staffPinHash in force: an edited count, an
 * unreadable or a garbled record means the longest lock-out, not a fresh start. A record
 * kept for another hash means the PIN was changed, and the count starts again.
 *
 * What it cannot do: the kiosk account can read the machine-wide config (it has to, to
 * check the PIN), so whoever has a shell as that account can derive the key and write a
 * valid record, or simply delete it; a missing record cannot be told from a first start.
 * docs/kiosk/security.md says so. It stops edits by anyone who cannot read the
 * staffPinHash, and a crash or a full disk from handing out fresh tries.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { Logger } from '../logging/logging';
import type { LockoutState, LockoutStore, StoredLockout } from './pin-lockout';

export const LOCKOUT_FILE_NAME = 'staff-exit-lockout.json';

const VERSION = 1;
const SALT = 'kiosk-shop staff-exit lock-out';

const count = z.number().int().min(0).max(1_000_000);
const epochMs = z.number().int().min(0);

const recordSchema = z.strictObject({
  v: z.literal(VERSION),
  /** Names the staffPinHash the record was kept for, without revealing anything of it. */
  keyId: z.string().regex(/^[\w-]{16}$/),
  day: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]),
  dayFailures: count,
  failures: count,
  lockedUntil: epochMs,
  since: epochMs,
  mac: z.string().regex(/^[\w-]{43}$/),
});

/** The unsigned record of earlier versions: no worse than no record, so it carries over. */
const legacySchema = z.strictObject({ failures: count, lockedUntil: epochMs, since: epochMs });

interface RecordKeys {
  mac: Buffer;
  id: string;
}

/**
 * `pinSecret` is the staffPinHash in force (on an installed kiosk, the machine-wide one),
 * or '' for a plain or no PIN: a key derived from a 6-digit PIN would give the PIN away to
 * anyone who reads the record.
 */
export function lockoutRecordKeys(pinSecret: string): RecordKeys {
  const derive = (info: string, bytes: number) =>
    Buffer.from(hkdfSync('sha256', pinSecret, SALT, info, bytes));
  return {
    mac: derive('record mac v1', 32),
    id: derive('record key id v1', 12).toString('base64url'),
  };
}

function macOf(keys: RecordKeys, state: LockoutState): string {
  const fields = [
    VERSION,
    keys.id,
    state.day,
    state.dayFailures,
    state.failures,
    state.lockedUntil,
    state.since,
  ];
  return createHmac('sha256', keys.mac).update(JSON.stringify(fields)).digest('base64url');
}

function macMatches(expected: string, actual: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a record's text holds; `why` says how a damaged one is damaged. */
type Found = Exclude<StoredLockout, { kind: 'damaged' }> | { kind: 'damaged'; why: string };

function parseRecord(text: string, keys: RecordKeys): Found {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'damaged', why: 'is not JSON' };
  }
  const legacy = legacySchema.safeParse(json);
  if (legacy.success) return { kind: 'ok', state: { ...legacy.data, day: '', dayFailures: 0 } };
  const record = recordSchema.safeParse(json);
  if (!record.success) return { kind: 'damaged', why: 'is not a lock-out record' };
  const { v: _v, keyId, mac, ...state } = record.data;
  if (keyId !== keys.id) return { kind: 'other-pin' };
  if (!macMatches(macOf(keys, state), mac)) return { kind: 'damaged', why: 'has been altered' };
  return { kind: 'ok', state };
}

/**
 * The lock-out kept in `path`, replaced atomically so a power cut cannot leave half a
 * file. Every finding other than a valid record or none is logged.
 */
export function fileLockoutStore(path: string, log: Logger, pinSecret: string): LockoutStore {
  const keys = lockoutRecordKeys(pinSecret);
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === 'ENOENT') return { kind: 'none' };
        log.error(
          `Staff exit: cannot read the PIN lock-out ${path} (${errorText(error)}); staff exit locked until tomorrow`,
        );
        return { kind: 'damaged' };
      }
      const found = parseRecord(text, keys);
      if (found.kind === 'damaged') {
        log.error(
          `Staff exit: the PIN lock-out ${path} ${found.why}; staff exit locked until tomorrow`,
        );
        return { kind: 'damaged' };
      }
      if (found.kind === 'other-pin') {
        log.info(
          `Staff exit: the staff PIN has changed since ${path} was written; counting afresh`,
        );
      }
      return found;
    },
    save(state) {
      const record = { v: VERSION, keyId: keys.id, ...state, mac: macOf(keys, state) };
      const temporary = `${path}.tmp`;
      try {
        writeFileSync(temporary, JSON.stringify(record), { mode: 0o600 });
        renameSync(temporary, path);
      } catch (error) {
        log.warn(`Staff exit: cannot save the PIN lock-out to ${path} (${errorText(error)})`);
      }
    },
  };
}
