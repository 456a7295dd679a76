/**
 * A kiosk whose userData is read-only or on a full disk must still start and sell: it
 * learns so before anything writes there, logs to stderr instead of the file, and keeps no
 * caches on disk (the image cache, the update downloads' signing config).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WritableFs {
  mkdirSync(path: string, options: { recursive: true }): unknown;
  writeFileSync(path: string, data: string): void;
  rmSync(path: string, options: { force: true }): void;
}

const PROBE = '.kiosk-write-test';

/** null when `dir` can be written; otherwise why not (an errno code or a message). */
export function userDataProblem(
  dir: string,
  fs: WritableFs = { mkdirSync, writeFileSync, rmSync },
): string | null {
  const probe = join(dir, PROBE);
  try {
    fs.mkdirSync(dir, { recursive: true });
    // A little more than a byte: a disk with no room at all fails here.
    fs.writeFileSync(probe, 'x'.repeat(4096));
    fs.rmSync(probe, { force: true });
    return null;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  }
}
