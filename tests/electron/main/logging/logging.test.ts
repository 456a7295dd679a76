import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

interface FakeLogFile {
  path: string;
  clear: () => boolean;
}

const electronLog = vi.hoisted(() => ({
  transports: {
    file: {
      level: 'info',
      maxSize: 0,
      resolvePathFn: null as (() => string) | null,
      archiveLogFn: null as ((file: FakeLogFile) => void) | null,
    },
    console: { level: false },
  },
  errorHandler: { startCatching: vi.fn() },
  info: vi.fn(),
  warn: vi.fn(),
  error: vi.fn(),
}));
vi.mock('electron-log/main', () => ({ default: electronLog }));

const { LOG_KEEP_FILES, rotateLogFiles, setLogMaxMB, setupLogging } =
  await import('../../../../electron/main/logging/logging');

describe('the kiosk log', () => {
  it('rotates kiosk.log into numbered files and keeps only the newest few', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-logs-'));
    const path = join(dir, 'kiosk.log');
    for (let round = 1; round <= LOG_KEEP_FILES + 2; round += 1) {
      writeFileSync(path, `round ${round}`);
      rotateLogFiles(path);
    }
    expect(existsSync(path)).toBe(false);
    const kept = [1, 2, 3].map((index) => readFileSync(join(dir, `kiosk.${index}.log`), 'utf8'));
    expect(kept).toEqual(['round 5', 'round 4', 'round 3']);
    expect(existsSync(join(dir, `kiosk.${LOG_KEEP_FILES + 1}.log`))).toBe(false);
  });

  it('writes to <userData>/logs, rotating at the configured size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-logs-'));
    setupLogging(dir);
    const file = electronLog.transports.file;
    expect(file.resolvePathFn?.()).toBe(join(dir, 'logs', 'kiosk.log'));
    expect(file.maxSize).toBe(1024 * 1024);
    setLogMaxMB(5);
    expect(file.maxSize).toBe(5 * 1024 * 1024);
    const path = join(dir, 'kiosk.log');
    writeFileSync(path, 'full');
    file.archiveLogFn?.({ path, clear: () => true });
    expect(readFileSync(join(dir, 'kiosk.1.log'), 'utf8')).toBe('full');
    // A file that cannot be moved is emptied instead.
    const clear = vi.fn(() => true);
    file.archiveLogFn?.({ path: join(dir, 'gone', 'kiosk.log'), clear });
    expect(clear).toHaveBeenCalledTimes(1);
    // No modal dialog on an unattended kiosk.
    expect(electronLog.errorHandler.startCatching).toHaveBeenCalledWith(
      expect.objectContaining({ showDialog: false }),
    );
  });

  it('logs to stderr only when userData cannot be written', () => {
    setupLogging(null);
    expect(electronLog.transports.file.level).toBe(false);
    expect(electronLog.transports.console.level).toBe('info');
  });

  it('hands every error line, logged or uncaught, to onError, and no other line', async () => {
    const { createLastErrorLine } = await import('../../../../electron/main/logging/last-error');
    const last = createLastErrorLine();
    electronLog.errorHandler.startCatching.mockClear();
    const log = setupLogging(mkdtempSync(join(tmpdir(), 'kiosk-logs-')), (message) => {
      last.record(message);
    });
    log.info('Kiosk starting');
    log.warn('Printing: no printer');
    expect(last.current()).toBeNull();
    log.error('Startup failed: boom');
    expect(last.current()).toBe('Startup failed: boom');
    expect(electronLog.error).toHaveBeenCalledWith('Startup failed: boom');
    const [options] = electronLog.errorHandler.startCatching.mock.calls[0] as [
      { onError: (report: { error: Error; errorName: string }) => void },
    ];
    options.onError({ error: new Error('socket hang up'), errorName: 'Unhandled rejection' });
    expect(last.current()).toBe('Unhandled rejection: socket hang up');
  });
});
