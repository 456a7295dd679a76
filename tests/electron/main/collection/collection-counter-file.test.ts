/**
 * The day's counter on disk: a record of the right shape is read back, anything else is
 * "unknown" with a reason, never a fresh start; a missing file is "none"; the record is
 * written aside, flushed and renamed over, so a failed write leaves the old one whole.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  COLLECTION_COUNTER_FILE,
  fileCounterStore,
  memoryCounterStore,
  parseCounterRecord,
  type CounterFiles,
} from '../../../../electron/main/collection/collection-counter-file';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'collection-counter-'));
  path = join(dir, COLLECTION_COUNTER_FILE);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the collection counter file', () => {
  it('is none before the first number', () => {
    expect(fileCounterStore(path).load()).toEqual({ kind: 'none' });
  });

  it('reads back what it saved, and leaves no temporary file', () => {
    const store = fileCounterStore(path);
    store.save({ day: '2025-03-04', last: 27 });
    expect(store.load()).toEqual({ kind: 'ok', record: { day: '2025-03-04', last: 27 } });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ v: 1, day: '2025-03-04', last: 27 });
    expect(readdirSync(dir)).toEqual([COLLECTION_COUNTER_FILE]);
  });

  it.each([
    ['half a record', '{"v":1,"day":"2025-03-04","la', /is not JSON/],
    ['an empty file', '', /is not JSON/],
    ['a count out of range', '{"v":1,"day":"2025-03-04","last":-3}', /is damaged/],
    ['a bad day', '{"v":1,"day":"4 March","last":3}', /is damaged/],
    ['another version', '{"v":2,"day":"2025-03-04","last":3}', /is damaged/],
    ['an extra key', '{"v":1,"day":"2025-03-04","last":3,"x":1}', /is damaged/],
  ])('is unknown, with a reason, for %s', (_name, text, why) => {
    writeFileSync(path, text);
    const found = fileCounterStore(path).load();
    expect(found.kind).toBe('unknown');
    expect(found.kind === 'unknown' ? found.why : '').toMatch(why);
    expect(found.kind === 'unknown' ? found.why : '').toContain(path);
  });

  it('is unknown, not none, when it cannot be read', () => {
    const files: CounterFiles = {
      read: () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      },
      writeDurably: () => undefined,
      rename: () => undefined,
    };
    expect(fileCounterStore(path, files).load()).toEqual({
      kind: 'unknown',
      why: `cannot read ${path} (EACCES: permission denied)`,
    });
  });

  it('writes aside and renames over: a failed write throws and keeps the old record whole', () => {
    fileCounterStore(path).save({ day: '2025-03-04', last: 5 });
    const failing: CounterFiles = {
      read: (file) => readFileSync(file, 'utf8'),
      writeDurably: (file, text) => {
        writeFileSync(file, text.slice(0, 7));
        throw new Error('ENOSPC: no space left on device');
      },
      rename: () => {
        throw new Error('not reached');
      },
    };
    expect(() => fileCounterStore(path, failing).save({ day: '2025-03-04', last: 6 })).toThrow(
      /ENOSPC/,
    );
    expect(fileCounterStore(path).load()).toEqual({
      kind: 'ok',
      record: { day: '2025-03-04', last: 5 },
    });
  });

  it('flushes the record before it takes the old one’s place', () => {
    const calls: string[] = [];
    const files: CounterFiles = {
      read: () => '',
      writeDurably: (file) => calls.push(`write ${file}`),
      rename: (from, to) => calls.push(`rename ${from} ${to}`),
    };
    fileCounterStore(path, files).save({ day: '2025-03-04', last: 1 });
    expect(calls).toEqual([`write ${path}.tmp`, `rename ${path}.tmp ${path}`]);
  });

  it('parses a record’s text on its own', () => {
    expect(parseCounterRecord('{"v":1,"day":"2025-12-31","last":0}')).toEqual({
      kind: 'ok',
      record: { day: '2025-12-31', last: 0 },
    });
  });
});

describe('the counter of a kiosk that cannot write its userData', () => {
  it('remembers nothing, and says why', () => {
    const store = memoryCounterStore('userData cannot be written (EROFS)');
    store.save({ day: '2025-03-04', last: 3 });
    expect(store.load()).toEqual({ kind: 'unknown', why: 'userData cannot be written (EROFS)' });
  });
});
