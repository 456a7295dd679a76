/**
 * Which kiosk this is, to the fleet: fleet.kioskId when configured, else an id made on
 * first start and kept in `<userData>/fleet-kiosk-id`, so the console sees one kiosk
 * across restarts and relaunches. A file that holds no valid id is replaced; a userData
 * that cannot be written still gives an id for this run (said once in the log).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isValidKioskId } from '../../shared/fleet/topics';
import type { FleetLog } from '../fleet-log';

export const KIOSK_ID_FILE = 'fleet-kiosk-id';

export interface KioskIdFiles {
  read(path: string): string;
  write(path: string, text: string): void;
}

const nodeFiles: KioskIdFiles = {
  read: (path) => readFileSync(path, 'utf8'),
  write: (path, text) => {
    writeFileSync(path, text, { mode: 0o644 });
  },
};

/** `kiosk-` and 12 lowercase hex characters. */
export function newKioskId(random: (size: number) => Buffer = randomBytes): string {
  return `kiosk-${random(6).toString('hex')}`;
}

export function resolveKioskId(
  configured: string,
  userDataDir: string,
  log: FleetLog,
  files: KioskIdFiles = nodeFiles,
  random?: (size: number) => Buffer,
): string {
  if (configured !== '') return configured;
  const path = join(userDataDir, KIOSK_ID_FILE);
  let stored: string | null = null;
  try {
    stored = files.read(path).trim();
  } catch {
    // First start (or unreadable): a new id below.
  }
  if (stored !== null && isValidKioskId(stored)) return stored;
  if (stored !== null) log.warn(`Fleet: ${path} holds no valid kiosk id; making a new one`);
  const made = newKioskId(random);
  try {
    files.write(path, `${made}\n`);
    log.info(`Fleet: this kiosk is ${made} (kept in ${path})`);
  } catch (error) {
    log.warn(
      `Fleet: cannot keep the kiosk id in ${path} (${error instanceof Error ? error.message : String(error)}); ${made} holds until the next start`,
    );
  }
  return made;
}
