import type { IpcMain } from 'electron';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pinMatches, setupStaffExit } from '../../../electron/main/staff-exit';
import { memoryStore, PinAttemptLimiter } from '../../../electron/main/pin-lockout';
import { hashStaffPin } from '../../../electron/main/staff-pin-hash';
import { IPC_CHANNELS } from '../../../shared/bridge';
import { as, fakeLogger, ipcEventFrom } from '../support/fake-electron';

vi.mock('electron', () => ({}));

type Handler = (event: unknown, ...args: unknown[]) => unknown;

interface Setup {
  staffPin?: string;
  staffPinHash?: string;
  now?: () => number;
  limiter?: PinAttemptLimiter;
}

function staffExit({ staffPin = '2468', staffPinHash, now = () => 0, limiter }: Setup = {}) {
  const handlers = new Map<string, Handler>();
  const ipcMain = { handle: (channel: string, handler: Handler) => handlers.set(channel, handler) };
  const quit = vi.fn();
  const log = fakeLogger();
  setupStaffExit({
    ipcMain: as<IpcMain>(ipcMain),
    staffPin,
    ...(staffPinHash === undefined ? {} : { staffPinHash }),
    quit,
    log,
    now,
    ...(limiter ? { limiter } : {}),
  });
  const handler = handlers.get(IPC_CHANNELS.submitStaffExitPin);
  if (!handler) throw new Error('no handler registered');
  const submit = (pin: unknown, url: string | null = 'app://shop/index.html') =>
    Promise.resolve(handler(ipcEventFrom(url), pin));
  const logged = () =>
    [...log.info.mock.calls, ...log.warn.mock.calls, ...log.error.mock.calls].map(([line]) => line);
  return { submit, quit, log, handler, logged };
}

async function flush(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

const ACCEPTED = { status: 'accepted' };
const WRONG = { status: 'wrong' };

let hash2468: string;
beforeAll(async () => {
  hash2468 = await hashStaffPin('2468');
});

describe('staff exit', () => {
  it('quits when the right PIN comes from the app', async () => {
    const { submit, quit } = staffExit();
    await expect(submit('2468')).resolves.toEqual(ACCEPTED);
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it('refuses a wrong PIN and stays open', async () => {
    const { submit, quit } = staffExit();
    await expect(submit('1357')).resolves.toEqual(WRONG);
    await flush();
    expect(quit).not.toHaveBeenCalled();
  });

  it('rejects the right PIN from a foreign sender', async () => {
    const { submit, quit, log } = staffExit();
    await expect(submit('2468', 'https://evil.example/')).resolves.toEqual(WRONG);
    await flush();
    expect(quit).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('rejected'));
  });

  it('rejects non-text PINs', async () => {
    const { submit } = staffExit();
    await expect(submit(2468)).resolves.toEqual(WRONG);
    await expect(submit({ toString: () => '2468' })).resolves.toEqual(WRONG);
  });

  it('cannot quit when no PIN is configured', async () => {
    const { submit, log } = staffExit({ staffPin: '' });
    await expect(submit('')).resolves.toEqual(WRONG);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('no staff PIN configured'));
  });

  it('locks out PIN entry after repeated wrong PINs and says for how long, even to the right PIN', async () => {
    let now = 0;
    const { submit, quit } = staffExit({ now: () => now });
    await expect(submit('0000')).resolves.toEqual(WRONG);
    await expect(submit('1111')).resolves.toEqual(WRONG);
    await expect(submit('2222')).resolves.toEqual({ status: 'locked', retryAfterSeconds: 30 });
    now = 10_500;
    await expect(submit('2468')).resolves.toEqual({ status: 'locked', retryAfterSeconds: 20 });
    expect(quit).not.toHaveBeenCalled();
    now = 31_000;
    await expect(submit('2468')).resolves.toEqual(ACCEPTED);
  });

  it('checks PINs one at a time, so a burst cannot slip past the lock-out', async () => {
    const { submit } = staffExit();
    const answers = await Promise.all(['0000', '1111', '2222', '2468'].map((pin) => submit(pin)));
    expect(answers.at(-1)).toEqual({ status: 'locked', retryAfterSeconds: 30 });
  });

  it('compares plain PINs exactly', () => {
    expect(pinMatches('2468', '2468')).toBe(true);
    expect(pinMatches('24680', '2468')).toBe(false);
    expect(pinMatches('', '')).toBe(false);
  });
});

describe('the staff PIN as a hash', () => {
  it('quits on the PIN whose hash is configured, and only on it', async () => {
    const { submit, quit, log } = staffExit({ staffPin: '', staffPinHash: hash2468 });
    await expect(submit('1357')).resolves.toEqual(WRONG);
    await expect(submit('24680')).resolves.toEqual(WRONG);
    await expect(submit('2468')).resolves.toEqual(ACCEPTED);
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalledWith(expect.stringContaining('plain text'));
  });

  it('prefers the hash to a plain PIN configured beside it', async () => {
    const { submit, log } = staffExit({ staffPin: '9999', staffPinHash: hash2468 });
    await expect(submit('9999')).resolves.toEqual(WRONG);
    expect(log.warn).toHaveBeenCalledWith(
      'Staff exit: staffPinHash is set, so the plain staffPin is ignored',
    );
  });

  it('still accepts a plain PIN but warns that it is stored in plain text', async () => {
    const { submit, log } = staffExit({ staffPin: '2468' });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('configured in plain text'));
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('npm run staff-pin:hash'));
    await expect(submit('2468')).resolves.toEqual(ACCEPTED);
  });

  it('never writes a submitted or configured PIN into the log', async () => {
    let now = 0;
    const plain = staffExit({ staffPin: '482913', now: () => now });
    const hashed = staffExit({ staffPin: '', staffPinHash: hash2468, now: () => now });
    for (const { submit } of [plain, hashed]) {
      for (const pin of ['111111', '222222', '333333', '444444', '482913', '2468']) {
        await submit(pin);
        now += 1000;
      }
    }
    const lines = [...plain.logged(), ...hashed.logged()];
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).not.toMatch(/111111|222222|333333|444444|482913|2468/);
  });
});

describe('the lock-out survives a relaunch', () => {
  it('keeps counting wrong PINs across a new limiter on the same store', async () => {
    const store = memoryStore();
    let now = 0;
    const first = staffExit({ now: () => now, limiter: new PinAttemptLimiter(undefined, store) });
    await first.submit('0000');
    await first.submit('1111');
    // The app relaunches: a new limiter reads what the old one saved.
    const second = staffExit({ now: () => now, limiter: new PinAttemptLimiter(undefined, store) });
    await expect(second.submit('2222')).resolves.toEqual({
      status: 'locked',
      retryAfterSeconds: 30,
    });
    now = 5_000;
    const third = staffExit({ now: () => now, limiter: new PinAttemptLimiter(undefined, store) });
    await expect(third.submit('2468')).resolves.toEqual({
      status: 'locked',
      retryAfterSeconds: 25,
    });
  });
});
