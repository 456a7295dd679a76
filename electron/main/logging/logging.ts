/**
 * One log file per kiosk in `<userData>/logs/kiosk.log`. At logMaxMB (default 1 MB) it
 * rotates: kiosk.log becomes kiosk.1.log, kiosk.1.log kiosk.2.log and so on, and the
 * oldest beyond LOG_KEEP_FILES goes, so an unattended machine never fills its disk. With
 * no writable userData the log goes to stderr only. Every error line, ours or an uncaught
 * one, also goes to `onError` (the fleet's health shows the last).
 */
import { renameSync, rmSync } from 'node:fs';
import { join, parse } from 'node:path';
import log from 'electron-log/main';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const LOG_MAX_BYTES = 1024 * 1024;
/** Rotated files kept beside kiosk.log. */
export const LOG_KEEP_FILES = 3;

export interface RotateFs {
  renameSync(from: string, to: string): void;
  rmSync(path: string, options: { force: true }): void;
}

/** Shifts kiosk.log → kiosk.1.log → … → kiosk.<keep>.log; the oldest is removed. */
export function rotateLogFiles(
  path: string,
  keep: number = LOG_KEEP_FILES,
  fs: RotateFs = { renameSync, rmSync },
): void {
  const { dir, name, ext } = parse(path);
  const numbered = (index: number) => join(dir, `${name}.${index}${ext}`);
  fs.rmSync(numbered(keep), { force: true });
  for (let index = keep - 1; index >= 1; index -= 1) {
    try {
      fs.renameSync(numbered(index), numbered(index + 1));
    } catch {
      // Not there yet: fewer rotations so far than files kept.
    }
  }
  fs.renameSync(path, numbered(1));
}

/** `userDataDir` null: userData cannot be written, so nothing goes to disk. */
export function setupLogging(
  userDataDir: string | null,
  onError: (message: string) => void = () => undefined,
): Logger {
  if (userDataDir === null) {
    log.transports.file.level = false;
    log.transports.console.level = 'info';
  } else {
    log.transports.file.resolvePathFn = () => join(userDataDir, 'logs', 'kiosk.log');
    log.transports.file.maxSize = LOG_MAX_BYTES;
    log.transports.file.archiveLogFn = (file) => {
      try {
        rotateLogFiles(file.path);
      } catch {
        // A file that cannot be moved is emptied rather than left to grow.
        file.clear();
      }
    };
  }
  // A modal error dialog would freeze an unattended kiosk: log instead.
  log.errorHandler.startCatching({
    showDialog: false,
    onError: ({ error, errorName }) => {
      onError(`${errorName}: ${error.message}`);
    },
  });
  return {
    info: (message) => {
      log.info(message);
    },
    warn: (message) => {
      log.warn(message);
    },
    error: (message) => {
      log.error(message);
      onError(message);
    },
  };
}

/** The configured size (logMaxMB), once the config is read: logging starts before it. */
export function setLogMaxMB(megabytes: number): void {
  log.transports.file.maxSize = megabytes * 1024 * 1024;
}
