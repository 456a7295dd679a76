/**
 * The day's collection counter on disk, `<userData>/collection-counter.json`: the shop day
 * and the last number given. Written before the number is shown, aside and renamed over
 * after an fsync, so neither a crash nor a power cut leaves half a record or a number that
 * was shown but not kept. Anything but a readable record of the right shape is "unknown",
 * never "none", with the reason for the log: the day then goes on past any number the
 * kiosk could have given (collection-day.ts).
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { z } from 'zod';
import { MAX_COLLECTION_SEQUENCE } from '../../../shared/collection-number';
import { DAY_PATTERN, type CounterRecord, type StoredCounter } from './collection-day';

export const COLLECTION_COUNTER_FILE = 'collection-counter.json';

const VERSION = 1;

const recordSchema = z.strictObject({
  v: z.literal(VERSION),
  day: z.string().regex(DAY_PATTERN),
  last: z.int().min(0).max(MAX_COLLECTION_SEQUENCE),
});

export interface CounterStore {
  load(): StoredCounter;
  /** Throws when the record cannot be kept. */
  save(record: CounterRecord): void;
}

/** The file calls the store makes, so a test can fail or corrupt each one. */
export interface CounterFiles {
  read(path: string): string;
  /** Writes `text` to `path` and flushes it to the disk. */
  writeDurably(path: string, text: string): void;
  rename(from: string, to: string): void;
}

const nodeFiles: CounterFiles = {
  read: (path) => readFileSync(path, 'utf8'),
  writeDurably: (path, text) => {
    const fd = openSync(path, 'w', 0o644);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  },
  rename: renameSync,
};

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** What a record's text holds. */
export function parseCounterRecord(text: string): StoredCounter {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'unknown', why: 'the collection counter is not JSON' };
  }
  const parsed = recordSchema.safeParse(json);
  if (!parsed.success) return { kind: 'unknown', why: 'the collection counter is damaged' };
  return { kind: 'ok', record: { day: parsed.data.day, last: parsed.data.last } };
}

export function fileCounterStore(path: string, files: CounterFiles = nodeFiles): CounterStore {
  return {
    load() {
      let text: string;
      try {
        text = files.read(path);
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === 'ENOENT') return { kind: 'none' };
        return { kind: 'unknown', why: `cannot read ${path} (${errorText(error)})` };
      }
      const found = parseCounterRecord(text);
      return found.kind === 'unknown' ? { kind: 'unknown', why: `${found.why} (${path})` } : found;
    },
    save(record) {
      const temporary = `${path}.tmp`;
      files.writeDurably(temporary, `${JSON.stringify({ v: VERSION, ...record })}\n`);
      files.rename(temporary, path);
    },
  };
}

/** A kiosk whose userData cannot be written keeps its counter for this run only. */
export function memoryCounterStore(why: string): CounterStore {
  return {
    load: () => ({ kind: 'unknown', why }),
    save: () => undefined,
  };
}
