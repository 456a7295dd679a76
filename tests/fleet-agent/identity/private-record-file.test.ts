/**
 * A record the fleet keeps for itself: a missing, unreadable or misshapen file reads as the
 * empty record (the misshapen one logged), and a saved record is the owner's alone, whole.
 */
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { privateRecordFile } from '../../../fleet-agent/identity/private-record-file';
import { memoryLog } from '../support/fleet-fixtures';

const schema = z.strictObject({ count: z.int().min(0) });

function recordIn(dir = mkdtempSync(join(tmpdir(), 'kiosk-record-'))) {
  const log = memoryLog();
  const path = join(dir, 'record.json');
  const file = privateRecordFile({
    path,
    schema,
    empty: () => ({ count: 0 }),
    what: 'a count',
    log,
  });
  return { dir, path, file, log };
}

describe('a private record file', () => {
  it('reads a missing file as the empty record, quietly', () => {
    const { file, log } = recordIn();
    expect(file.load()).toEqual({ count: 0 });
    expect(log.lines).toEqual([]);
  });

  it.each([
    ['not JSON', '{"count": '],
    ['of the wrong shape', '{"count": -1}'],
    ['with a key it does not know', '{"count": 1, "extra": true}'],
  ])('reads a file %s as the empty record, and says so', (_, text) => {
    const { path, file, log } = recordIn();
    writeFileSync(path, text);
    expect(file.load()).toEqual({ count: 0 });
    expect(log.matching('not a count')).toHaveLength(1);
  });

  it('saves a record only its owner may read, leaves nothing aside, and reads it back', () => {
    const { dir, path, file } = recordIn();
    file.save({ count: 7 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['record.json']);
    expect(file.load()).toEqual({ count: 7 });
  });
});
