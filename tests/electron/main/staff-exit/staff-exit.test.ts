import type { IpcMain } from 'electron';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pinMatches, setupStaffExit } from '../../../../electron/main/staff-exit/staff-exit';
import { memoryStore, PinAttemptLimiter } from '../../../../electron/main/staff-exit/pin-lockout';
import { hashStaffPin } from '../../../../electron/main/staff-exit/staff-pin-hash';
import { IPC_CHANNELS } from '../../../../shared/bridge';
import { as, fakeLogger, ipcEventFrom } from '../../support/fake-electron';

vi.mock('electron', () => ({}));

type Handler = (event: unknown, ...args: unknown[]) => unknown;

interface Setup {
  staffPin?: string;
  staffPinHash?: string;
  now?: () => number;
  limiter?: PinAttemptLimiter;
  pairingCode?: () => string | null;
}

function staffExit({
  staffPin = '246813',
  staffPinHash,
  now = () => 0,
  limiter,
  pairingCode,
}: Setup = {}) {
  const handlers = new Map<string, Handler>();
  const ipcMain = { handle: (channel: string, handler: Handler) => handlers.set(channel, handler) };
  const quit = vi.fn();
  const log = fakeLogger();
  const handle = setupStaffExit({
    ipcMain: as<IpcMain>(ipcMain),
    staffPin,
    ...(staffPinHash === undefined ? {} : { staffPinHash }),
    quit,
    log,
    now,
    ...(limiter ? { limiter } : {}),
    ...(pairingCode ? { pairingCode } : {}),
  });
  const handler = handlers.get(IPC_CHANNELS.submitStaffExitPin);
  const confirmer = handlers.get(IPC_CHANNELS.confirmStaffExit);
  if (!handler || !confirmer) throw new Error('no handler registered');
  const submit = (pin: unknown, url: string | null = 'app://shop/index.html') =>
    Promise.resolve(handler(ipcEventFrom(url), pin));
  const confirm = (url: string | null = 'app://shop/index.html') =>
    Promise.resolve(confirmer(ipcEventFrom(url)));
  const logged = () =>
    [...log.info.mock.calls, ...log.warn.mock.calls, ...log.error.mock.calls].map(([line]) => line);
  return { submit, confirm, quit, log, handler, logged, handle };
}

async function flush(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

const ACCEPTED = { status: 'accepted' };
const WRONG = { status: 'wrong' };

let hashOfPin: string;
beforeAll(async () => {
  hashOfPin = await hashStaffPin('246813');
});

describe('staff exit', () => {
  it('quits when the right PIN comes from the app', async () => {
    const { submit, quit } = staffExit();
    await expect(submit('246813')).resolves.toEqual(ACCEPTED);
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it('refuses a wrong PIN and stays open', async () => {
    const { submit, quit } = staffExit();
    await expect(submit('135791')).resolves.toEqual(WRONG);
    await flush();
    expect(quit).not.toHaveBeenCalled();
  });

  it('rejects the right PIN from a foreign sender', async () => {
    const { submit, quit, log } = staffExit();
    await expect(submit('246813', 'https://evil.example/')).resolves.toEqual(WRONG);
    await flush();
    expect(quit).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('rejected'));
  });

  it('rejects non-text PINs', async () => {
    const { submit } = staffExit();
    await expect(submit(246813)).resolves.toEqual(WRONG);
    await expect(submit({ toString: () => '246813' })).resolves.toEqual(WRONG);
  });

  it('cannot quit when no PIN is configured', async () => {
    const { submit, log } = staffExit({ staffPin: '' });
    await expect(submit('')).resolves.toEqual(WRONG);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('no staff PIN configured'));
  });

  it('locks out PIN entry after repeated wrong PINs and says for how long, even to the right PIN', async () => {
    let now = 0;
    const { submit, quit } = staffExit({ now: () => now });
    await expect(submit('000000')).resolves.toEqual(WRONG);
    await expect(submit('111111')).resolves.toEqual(WRONG);
    await expect(submit('222222')).resolves.toEqual({ status: 'locked', retryAfterSeconds: 30 });
    now = 10_500;
    await expect(submit('246813')).resolves.toEqual({ status: 'locked', retryAfterSeconds: 20 });
    expect(quit).not.toHaveBeenCalled();
    now = 31_000;
    await expect(submit('246813')).resolves.toEqual(ACCEPTED);
  });

  it('checks PINs one at a time, so a burst cannot slip past the lock-out', async () => {
    const { submit } = staffExit();
    const answers = await Promise.all(
      ['000000', '111111', '222222', '246813'].map((pin) => submit(pin)),
    );
    expect(answers.at(-1)).toEqual({ status: 'locked', retryAfterSeconds: 30 });
  });

  it('compares plain PINs exactly', () => {
    expect(pinMatches('246813', '246813')).toBe(true);
    expect(pinMatches('2468130', '246813')).toBe(false);
    expect(pinMatches('', '')).toBe(false);
  });
});

describe('a kiosk that waits to be enrolled', () => {
  const CODE = '1234 5678 9012 3456';

  it('shows the pairing code after the right PIN, and closes only when staff confirm', async () => {
    let now = 1000;
    const { submit, confirm, quit } = staffExit({ now: () => now, pairingCode: () => CODE });
    await expect(submit('246813')).resolves.toEqual({ status: 'accepted', pairingCode: CODE });
    await flush();
    expect(quit).not.toHaveBeenCalled();
    now += 60_000;
    await expect(confirm()).resolves.toBe(true);
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it('never shows the code to a wrong PIN', async () => {
    const { submit } = staffExit({ pairingCode: () => CODE });
    await expect(submit('135791')).resolves.toEqual(WRONG);
  });

  it('does not close on a confirmation without the PIN, too late, twice, or from a stranger', async () => {
    let now = 1000;
    const { submit, confirm, quit } = staffExit({ now: () => now, pairingCode: () => CODE });
    await expect(confirm()).resolves.toBe(false);
    await submit('246813');
    await expect(confirm('https://evil.example/')).resolves.toBe(false);
    now += 2 * 60_000 + 1;
    await expect(confirm()).resolves.toBe(false);
    await submit('246813');
    await expect(confirm()).resolves.toBe(true);
    await expect(confirm()).resolves.toBe(false);
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it('quits at once when the kiosk has no code to show (enrolled, or no fleet)', async () => {
    const { submit, quit } = staffExit({ pairingCode: () => null });
    await expect(submit('246813')).resolves.toEqual(ACCEPTED);
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
  });
});

describe('the staff PIN as a hash', () => {
  it('quits on the PIN whose hash is configured, and only on it', async () => {
    const { submit, quit, log } = staffExit({ staffPin: '', staffPinHash: hashOfPin });
    await expect(submit('135791')).resolves.toEqual(WRONG);
    await expect(submit('2468130')).resolves.toEqual(WRONG);
    await expect(submit('246813')).resolves.toEqual(ACCEPTED);
    await flush();
    expect(quit).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalledWith(expect.stringContaining('plain text'));
  });

  it('prefers the hash to a plain PIN configured beside it', async () => {
    const { submit, log } = staffExit({ staffPin: '999999', staffPinHash: hashOfPin });
    await expect(submit('999999')).resolves.toEqual(WRONG);
    expect(log.warn).toHaveBeenCalledWith(
      'Staff exit: staffPinHash is set, so the plain staffPin is ignored',
    );
  });

  it('still accepts a plain PIN but warns that it is stored in plain text', async () => {
    const { submit, log } = staffExit({ staffPin: '246813' });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('configured in plain text'));
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('npm run staff-pin:hash'));
    await expect(submit('246813')).resolves.toEqual(ACCEPTED);
  });

  it('never writes a submitted or configured PIN into the log', async () => {
    let now = 0;
    const plain = staffExit({ staffPin: '482913', now: () => now });
    const hashed = staffExit({ staffPin: '', staffPinHash: hashOfPin, now: () => now });
    for (const { submit } of [plain, hashed]) {
      for (const pin of ['111111', '222222', '333333', '444444', '482913', '246813']) {
        await submit(pin);
        now += 1000;
      }
    }
    const lines = [...plain.logged(), ...hashed.logged()];
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).not.toMatch(/111111|222222|333333|444444|482913|246813/);
  });
});

describe('the lock-out survives a relaunch', () => {
  it('keeps counting wrong PINs across a new limiter on the same store', async () => {
    const store = memoryStore();
    let now = 0;
    const first = staffExit({ now: () => now, limiter: new PinAttemptLimiter(undefined, store) });
    await first.submit('000000');
    await first.submit('111111');
    // The app relaunches: a new limiter reads what the old one saved.
    const second = staffExit({ now: () => now, limiter: new PinAttemptLimiter(undefined, store) });
    await expect(second.submit('222222')).resolves.toEqual({
      status: 'locked',
      retryAfterSeconds: 30,
    });
    now = 5_000;
    const third = staffExit({ now: () => now, limiter: new PinAttemptLimiter(undefined, store) });
    await expect(third.submit('246813')).resolves.toEqual({
      status: 'locked',
      retryAfterSeconds: 25,
    });
  });
});

describe('the daily cap on wrong PINs', () => {
  const MINUTE = 60_000;
  const morning = new Date(2025, 2, 10, 8, 0).getTime();

  it('locks the exit until midnight after 10 wrong PINs, even to the right PIN, and logs each', async () => {
    let now = morning;
    const { submit, quit, log, handle } = staffExit({ now: () => now });
    for (let failure = 1; failure <= 10; failure += 1) {
      await expect(submit('135791'), `failure ${failure}`).resolves.not.toEqual(ACCEPTED);
      expect(log.warn).toHaveBeenLastCalledWith(
        expect.stringMatching(
          new RegExp(`^Staff exit: wrong PIN \\(\\d+ in a row, ${failure} of 10 allowed today\\)`),
        ),
      );
      // Past every back-off, so only the daily cap can stop the next try.
      now += 11 * MINUTE;
    }
    expect(handle.failedAttemptsToday()).toBe(10);
    expect(log.error).toHaveBeenCalledWith(
      'Staff exit: 10 wrong PINs today; the exit stays locked until midnight or a new staffPinHash',
    );
    now = new Date(2025, 2, 10, 22, 0).getTime();
    await expect(submit('246813')).resolves.toEqual({ status: 'locked', retryAfterSeconds: 7200 });
    await flush();
    expect(quit).not.toHaveBeenCalled();
    now = new Date(2025, 2, 11, 0, 0).getTime();
    expect(handle.failedAttemptsToday()).toBe(0);
    await expect(submit('246813')).resolves.toEqual(ACCEPTED);
  });

  it('logs one line per lock, not one per press of a locked dialog', async () => {
    let now = morning;
    const { submit, log } = staffExit({ now: () => now });
    for (const pin of ['000000', '111111', '222222']) await submit(pin);
    log.warn.mockClear();
    for (let press = 0; press < 20; press += 1) {
      await submit('333333');
      now += 500;
    }
    expect(log.warn).toHaveBeenCalledExactlyOnceWith(
      'Staff exit: PIN entry is locked out after repeated wrong PINs',
    );
  });
});

describe('PINs of 6 to 12 digits', () => {
  it.each(['2468', '24681', '1234567890123', '24681x', ' 246813'])(
    'counts %j as a wrong PIN without checking it, even where it is the configured one',
    async (pin) => {
      const { submit, quit, log, handle } = staffExit({ staffPin: pin });
      await expect(submit(pin)).resolves.toEqual(WRONG);
      await flush();
      expect(quit).not.toHaveBeenCalled();
      expect(handle.failedAttemptsToday()).toBe(1);
      expect(log.warn).toHaveBeenCalledWith(expect.stringContaining(', not 6 to 12 digits)'));
    },
  );
});
