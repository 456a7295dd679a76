/**
 * One log file per kiosk in `<userData>/logs/kiosk.log`, rotated to kiosk.old.log at 1 MB
 * (electron-log's archive), so an unattended machine never fills its disk. Every error
 * line, ours or an uncaught one, also goes to `onError` (the fleet's health shows the last).
 */
import { join } from 'node:path';
import log from 'electron-log/main';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const LOG_MAX_BYTES = 1024 * 1024;

export function setupLogging(
  userDataDir: string,
  onError: (message: string) => void = () => undefined,
): Logger {
  log.transports.file.resolvePathFn = () => join(userDataDir, 'logs', 'kiosk.log');
  log.transports.file.maxSize = LOG_MAX_BYTES;
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
