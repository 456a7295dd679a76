import type { IpcMain } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { PinAttemptLimiter, pinMatches, setupStaffExit } from '../../electron/main/staff-exit';
import { isTrustedSender } from '../../electron/main/ipc-sender';
import { IPC_CHANNELS } from '../../shared/bridge';
import { as, fakeLogger, ipcEventFrom } from './fake-electron';

vi.mock('electron', () => ({}));

type Handler = (event: unknown, ...args: unknown[]) => unknown;

function staffExit(staffPin = '2468', now = () => 0) {
  const handlers = new Map<string, Handler>();
  const ipcMain = { handle: (channel: string, handler: Handler) => handlers.set(channel, handler) };
  const quit = vi.fn();
  const log = fakeLogger();
  setupStaffExit({ ipcMain: as<IpcMain>(ipcMain), staffPin, quit, log, now });
  const handler = handlers.get(IPC_CHANNELS.submitStaffExitPin);
  if (!handler) throw new Error('no handler registered');
  const submit = (pin: unknown, url: string | null = 'app://shop/index.html') =>
    handler(ipcEventFrom(url), pin);
  return { submit, quit, log, handler };
}

async function flush(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

describe('IPC sender checks', () => {
  it('trusts only the top frame of app://shop', () => {
    expect(isTrustedSender(as(ipcEventFrom('app://shop/index.html')))).toBe(true);
    expect(isTrustedSender(as(ipcEventFrom('https://evil.example/')))).toBe(false);
    expect(isTrustedSender(as(ipcEventFrom('app://shop.evil/index.html')))).toBe(false);
    expect(isTrustedSender(as(ipcEventFrom('file:///app/out/renderer/index.html')))).toBe(false);
    expect(isTrustedSender(as(ipcEventFrom('app://shop/index.html', { subframe: true })))).toBe(
      false,
    );
    expect(isTrustedSender(as(ipcEventFrom(null)))).toBe(false);
  });
});

describe('staff exit', () => {
  it('quits when the right PIN comes from the app', async () => {
    const { submit, quit } = staffExit();
    expect(submit('2468')).toBe(true);
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it('refuses a wrong PIN and stays open', async () => {
    const { submit, quit } = staffExit();
    expect(submit('1357')).toBe(false);
    await flush();
    expect(quit).not.toHaveBeenCalled();
  });

  it('rejects the right PIN from a foreign sender', async () => {
    const { submit, quit, log } = staffExit();
    expect(submit('2468', 'https://evil.example/')).toBe(false);
    await flush();
    expect(quit).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('rejected'));
  });

  it('rejects non-text PINs', () => {
    const { submit } = staffExit();
    expect(submit(2468)).toBe(false);
    expect(submit({ toString: () => '2468' })).toBe(false);
  });

  it('cannot quit when no PIN is configured', () => {
    const { submit, log } = staffExit('');
    expect(submit('')).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('no staff PIN configured'));
  });

  it('locks out PIN entry after repeated wrong PINs, even for the right one', () => {
    let now = 0;
    const { submit } = staffExit('2468', () => now);
    for (const pin of ['0000', '1111', '2222']) expect(submit(pin)).toBe(false);
    expect(submit('2468')).toBe(false);
    now = 31_000;
    expect(submit('2468')).toBe(true);
  });

  it('compares PINs exactly', () => {
    expect(pinMatches('2468', '2468')).toBe(true);
    expect(pinMatches('24680', '2468')).toBe(false);
    expect(pinMatches('', '')).toBe(false);
  });

  it('doubles the lock-out with each further wrong PIN, up to a cap', () => {
    const limiter = new PinAttemptLimiter({
      freeAttempts: 1,
      baseLockoutMs: 1000,
      maxLockoutMs: 3000,
    });
    limiter.recordFailure(0);
    expect(limiter.isLocked(999)).toBe(true);
    expect(limiter.isLocked(1000)).toBe(false);
    limiter.recordFailure(1000);
    expect(limiter.isLocked(2999)).toBe(true);
    limiter.recordFailure(3000);
    expect(limiter.isLocked(5999)).toBe(true);
    expect(limiter.isLocked(6000)).toBe(false);
    limiter.recordSuccess();
    expect(limiter.isLocked(6000)).toBe(false);
  });
});
