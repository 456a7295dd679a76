/**
 * The kiosk's logger: electron-log is replaced by a stand-in, so the test sees what the
 * logger hands it, and that every error line (ours or an uncaught one) reaches `onError`,
 * which keeps the last error line for the fleet's health.
 */
import { describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  lines: [] as string[],
  catching: null as null | {
    showDialog?: boolean;
    onError?: (options: { error: Error; errorName: string }) => void;
  },
}));

vi.mock('electron-log/main', () => ({
  default: {
    transports: { file: { resolvePathFn: null, maxSize: 0 } },
    errorHandler: {
      startCatching: (options: typeof fake.catching) => {
        fake.catching = options;
      },
    },
    info: (message: string) => fake.lines.push(`info ${message}`),
    warn: (message: string) => fake.lines.push(`warn ${message}`),
    error: (message: string) => fake.lines.push(`error ${message}`),
  },
}));

describe('the kiosk logger', () => {
  it('hands every error line, logged or uncaught, to onError, and no other line', async () => {
    const { setupLogging } = await import('../../../electron/main/logging');
    const { createLastErrorLine } = await import('../../../electron/main/last-error');
    const last = createLastErrorLine();
    const log = setupLogging('/tmp/kiosk-logging-test', (message) => {
      last.record(message);
    });
    log.info('Kiosk starting');
    log.warn('Printing: no printer');
    expect(last.current()).toBeNull();
    log.error('Startup failed: boom');
    expect(last.current()).toBe('Startup failed: boom');
    expect(fake.lines).toContain('error Startup failed: boom');
    // No modal dialog on an unattended kiosk; uncaught errors count too.
    expect(fake.catching?.showDialog).toBe(false);
    fake.catching?.onError?.({
      error: new Error('socket hang up'),
      errorName: 'Unhandled rejection',
    });
    expect(last.current()).toBe('Unhandled rejection: socket hang up');
  });
});
