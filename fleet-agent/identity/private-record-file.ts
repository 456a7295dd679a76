/**
 * A record the fleet keeps on disk for itself (mode 0600, written aside and renamed over, so
 * a crash never leaves half a file). A missing file is the empty record; an unreadable one,
 * or one of the wrong shape, is logged and read as the empty record too, never an error:
 * what these files hold is signed, and checked again after loading.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { z } from 'zod';
import type { FleetLog } from '../fleet-log';

export interface PrivateRecordFile<T> {
  load: () => T;
  save: (record: T) => void;
}

export interface PrivateRecordOptions<S extends z.ZodType> {
  path: string;
  schema: S;
  /** The record a missing or unusable file stands for. */
  empty: () => z.output<S>;
  /** Names the record in the log line: "not <what>". */
  what: string;
  log: FleetLog;
}

export function privateRecordFile<S extends z.ZodType>({
  path,
  schema,
  empty,
  what,
  log,
}: PrivateRecordOptions<S>): PrivateRecordFile<z.output<S>> {
  return {
    load: () => {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        return empty();
      }
      try {
        const parsed = schema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // Reported below, like a record of the wrong shape.
      }
      log.warn(`Fleet: ignoring ${path}: not ${what}`);
      return empty();
    },
    save: (record) => {
      const temporary = `${path}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(record)}\n`, { mode: 0o600 });
      renameSync(temporary, path);
    },
  };
}
