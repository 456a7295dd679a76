import type { BrowserWindow } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  CrashLoopGuard,
  createRecovery,
  nextRelaunchAttempt,
  readRelaunchAttempt,
  relaunchArgs,
  relaunchDelayMs,
} from '../../../../electron/main/self-care/recovery';
import { as, FakeApp, FakeBrowserWindow, fakeLogger } from '../../support/fake-electron';

vi.mock('electron', () => ({}));

/** A wall-clock time: GPU losses are compared across processes by Date.now(). */
const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);
const MINUTE = 60_000;

function setup(argv: string[] = ['/opt/kiosk/kiosk-shop'], env: Record<string, string> = {}) {
  let now = T0;
  const app = new FakeApp();
  const timers: { callback: () => void; ms: number }[] = [];
  const log = fakeLogger();
  const recovery = createRecovery({
    app: as(app),
    log,
    argv,
    env,
    now: () => now,
    setTimer: (callback, ms) => timers.push({ callback, ms }),
  });
  const window = new FakeBrowserWindow({});
  recovery.watch(as<BrowserWindow>(window));
  const crash = (reason = 'crashed') => {
    window.webContents.emit('render-process-gone', {}, { reason, exitCode: 139 });
  };
  const runTimers = () => {
    for (const timer of timers.splice(0)) timer.callback();
  };
  const advance = (ms: number) => (now += ms);
  return { app, log, recovery, window, crash, timers, runTimers, advance };
}

describe('recovery', () => {
  it('reloads the renderer after it crashes', () => {
    const { window, crash, app } = setup();
    crash('crashed');
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    expect(app.relaunch).not.toHaveBeenCalled();
  });

  it('ignores a clean renderer exit', () => {
    const { window, crash } = setup();
    crash('clean-exit');
    expect(window.webContents.reload).not.toHaveBeenCalled();
  });

  it('ends a hung renderer and reloads it once', () => {
    const { window } = setup();
    window.emit('unresponsive');
    expect(window.webContents.forcefullyCrashRenderer).toHaveBeenCalled();
    // The crash we caused must not count as a second failure.
    window.webContents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
  });

  it('relaunches the app after 3 reloads within 5 minutes (crash-loop guard)', () => {
    const { window, crash, app, runTimers, advance } = setup();
    crash();
    advance(60_000);
    crash();
    advance(60_000);
    crash();
    expect(window.webContents.reload).toHaveBeenCalledTimes(3);
    advance(60_000);
    crash();
    expect(window.webContents.reload).toHaveBeenCalledTimes(3);
    runTimers();
    expect(app.relaunch).toHaveBeenCalledWith({ args: ['--relaunch-attempt=1'] });
    expect(app.exit).toHaveBeenCalledWith(0);
  });

  it('keeps reloading when crashes are spread out', () => {
    const { window, crash, app, advance } = setup();
    for (let index = 0; index < 6; index += 1) {
      crash();
      advance(3 * 60_000);
    }
    expect(window.webContents.reload).toHaveBeenCalledTimes(6);
    expect(app.relaunch).not.toHaveBeenCalled();
  });

  it('relaunches when the GPU process is gone, but not on its clean exit', () => {
    const { app, runTimers } = setup();
    app.emit('child-process-gone', {}, { type: 'Utility', reason: 'crashed', exitCode: 1 });
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'clean-exit', exitCode: 0 });
    runTimers();
    expect(app.relaunch).not.toHaveBeenCalled();
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 1 });
    runTimers();
    expect(app.relaunch).toHaveBeenCalledTimes(1);
  });

  it('backs off when relaunches follow each other quickly', () => {
    const { app, timers } = setup(['/opt/kiosk/kiosk-shop', '--windowed', '--relaunch-attempt=3']);
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 1 });
    expect(timers[0]?.ms).toBe(20_000);
    timers[0]?.callback();
    expect(app.relaunch).toHaveBeenCalledWith({
      args: ['--windowed', `--gpu-losses=${T0}`, '--relaunch-attempt=4'],
    });
  });

  it('computes relaunch attempts and delays', () => {
    expect(readRelaunchAttempt(['x', '--relaunch-attempt=2'])).toBe(2);
    expect(readRelaunchAttempt(['x', '--relaunch-attempt=nope'])).toBe(0);
    for (const odd of ['0x10', '1e1', '+3', ' 3', '3.0']) {
      expect(readRelaunchAttempt(['x', `--relaunch-attempt=${odd}`]), odd).toBe(0);
    }
    expect(nextRelaunchAttempt(4, 10_000, 300_000)).toBe(5);
    expect(nextRelaunchAttempt(4, 300_000, 300_000)).toBe(1);
    expect([1, 2, 3, 4, 20].map(relaunchDelayMs)).toEqual([0, 5_000, 10_000, 20_000, 300_000]);
    expect(relaunchArgs(['exe', '--relaunch-attempt=1', '--kiosk'], 2)).toEqual([
      '--kiosk',
      '--relaunch-attempt=2',
    ]);
  });

  it('forgets reloads older than the guard window', () => {
    const guard = new CrashLoopGuard({ maxReloads: 1, windowMs: 1000 });
    expect(guard.next(0)).toBe('reload');
    expect(guard.next(500)).toBe('relaunch');
    expect(guard.next(1000)).toBe('reload');
  });

  it('never puts the staff PIN on the relaunch command line; the environment carries it', () => {
    const env: Record<string, string> = {};
    const { app, runTimers } = setup(
      ['/opt/kiosk/kiosk-shop', '--staff-pin=482913', '--windowed', '--staff-pin', '999999'],
      env,
    );
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 1 });
    runTimers();
    expect(app.relaunch).toHaveBeenCalledWith({
      args: ['--windowed', `--gpu-losses=${T0}`, '--relaunch-attempt=1'],
    });
    expect(JSON.stringify(app.relaunch.mock.calls)).not.toMatch(/482913|999999/);
    // The first flag is the one the config used, so the next process gets the same PIN.
    expect(env.SHOP_STAFF_PIN).toBe('482913');
  });

  it('after 2 GPU process losses within 10 minutes relaunches with hardware acceleration off', () => {
    // The first loss: an ordinary relaunch that remembers when it happened.
    const first = setup();
    first.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 1 });
    first.runTimers();
    const [[{ args }]] = first.app.relaunch.mock.calls as [[{ args: string[] }]];
    expect(args).toEqual([`--gpu-losses=${T0}`, '--relaunch-attempt=1']);
    // The relaunched process loses its GPU process again, 9 minutes later.
    const second = setup(['/opt/kiosk/kiosk-shop', ...args]);
    second.advance(9 * MINUTE);
    second.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 1 });
    second.runTimers();
    expect(second.app.relaunch).toHaveBeenCalledWith({
      args: ['--software-rendering', '--relaunch-attempt=1'],
    });
    expect(second.log.error).toHaveBeenCalledWith(
      'Recovery: GPU process lost 2 times within 10 minutes; relaunching with hardware acceleration disabled',
    );
  });

  it('stays in software rendering, and keeps the history, across later relaunches', () => {
    const { app, runTimers } = setup([
      '/opt/kiosk/kiosk-shop',
      '--software-rendering',
      `--gpu-losses=${T0 - MINUTE}`,
    ]);
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 1 });
    runTimers();
    expect(app.relaunch).toHaveBeenLastCalledWith({
      args: ['--software-rendering', `--gpu-losses=${T0 - MINUTE},${T0}`, '--relaunch-attempt=1'],
    });
    // A relaunch for another reason passes the GPU history on untouched.
    const other = setup(['/opt/kiosk/kiosk-shop', `--gpu-losses=${T0}`]);
    other.recovery.relaunch('a startup failure');
    other.runTimers();
    expect(other.app.relaunch).toHaveBeenCalledWith({
      args: [`--gpu-losses=${T0}`, '--relaunch-attempt=1'],
    });
  });
});
