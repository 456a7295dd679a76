import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActivity, type Activity } from '../../../../fleet-agent/kiosk/activity';
import { DEFAULT_CONFIG } from '../../../../shared/kiosk-config/config-keys';
import { MEMORY_SAMPLE_MS } from '../../../../electron/main/self-care/memory-watch';
import {
  MIN_UPTIME_FOR_NIGHTLY_MS,
  relaunchKiosk,
  setupSelfCare,
  type SelfCare,
  type SelfCareOptions,
} from '../../../../electron/main/self-care/self-care';
import { fakeLogger } from '../../support/fake-electron';

const MINUTE = 60_000;
const at = (day: number, hours: number, minutes = 0) =>
  new Date(2026, 10, day, hours, minutes).getTime();

let activity: Activity;
let log: ReturnType<typeof fakeLogger>;
let relaunch: ReturnType<typeof vi.fn<() => void>>;
let rendererMB: number;
let updatePending: boolean;
let care: SelfCare;
let blocker: {
  start: ReturnType<typeof vi.fn<(type: string) => number>>;
  stop: ReturnType<typeof vi.fn<(id: number) => boolean>>;
};

function start(overrides: Partial<SelfCareOptions['config']> = {}, uptimeMs = 2 * MINUTE * 60) {
  care = setupSelfCare({
    getAppMetrics: () => [
      { type: 'Browser', memory: { workingSetSize: 150 * 1024, peakWorkingSetSize: 0 } },
      { type: 'Tab', memory: { workingSetSize: rendererMB * 1024, peakWorkingSetSize: 0 } },
    ],
    powerSaveBlocker: blocker,
    activity,
    config: {
      mode: DEFAULT_CONFIG.mode,
      maxMemoryMB: 1000,
      scheduledRelaunch: true,
      'update.window': '02:00-04:00',
      ...overrides,
    },
    log,
    relaunch,
    updatePending: () => updatePending,
    uptimeMs: () => uptimeMs,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: at(23, 12) });
  activity = createActivity({ idleWipeEnabled: () => true });
  activity.setScreen('attract');
  log = fakeLogger();
  relaunch = vi.fn<() => void>();
  rendererMB = 300;
  updatePending = false;
  blocker = { start: vi.fn(() => 7), stop: vi.fn(() => true) };
});

afterEach(() => {
  care.stop();
  vi.useRealTimers();
});

describe('self-care', () => {
  it('keeps the display awake in kiosk mode only', () => {
    start();
    expect(blocker.start).toHaveBeenCalledExactlyOnceWith('prevent-display-sleep');
    expect(log.info).toHaveBeenCalledWith(
      'Self-care: the display is kept awake (power save blocker 7)',
    );
    care.stop();
    blocker.start.mockClear();
    start({ mode: 'windowed' });
    expect(blocker.start).not.toHaveBeenCalled();
  });

  it('lets the display sleep while the store is closed, and keeps it awake again when it opens', () => {
    start();
    care.allowDisplaySleep(true);
    expect(blocker.stop).toHaveBeenCalledExactlyOnceWith(7);
    care.allowDisplaySleep(true);
    expect(blocker.stop).toHaveBeenCalledTimes(1);
    blocker.start.mockClear();
    care.allowDisplaySleep(false);
    expect(blocker.start).toHaveBeenCalledExactlyOnceWith('prevent-display-sleep');
    care.stop();
    // A staff laptop never held the display awake: nothing to release.
    blocker.stop.mockClear();
    start({ mode: 'windowed' });
    care.allowDisplaySleep(true);
    expect(blocker.stop).not.toHaveBeenCalled();
  });

  it('relaunches for memory at the next quiet moment, never in front of a shopper, saying why', async () => {
    activity.setScreen('shopping');
    start();
    rendererMB = 1400;
    await vi.advanceTimersByTimeAsync(MEMORY_SAMPLE_MS);
    expect(log.warn).toHaveBeenCalledWith(
      'Self-care: the shop renderer uses 1400 MB (maxMemoryMB 1000); relaunching at the next quiet moment',
    );
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(relaunch).not.toHaveBeenCalled();
    // The shopper's last touch, then the attract screen.
    activity.input();
    activity.setScreen('attract');
    await vi.advanceTimersByTimeAsync(2 * MINUTE - 1000);
    expect(relaunch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(relaunch).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      'Self-care: relaunching now: the shop renderer uses 1400 MB (maxMemoryMB 1000)',
    );
  });

  it('leaves the memory relaunch to an update that restarts the kiosk at that moment', async () => {
    updatePending = true;
    start();
    rendererMB = 1400;
    await vi.advanceTimersByTimeAsync(MEMORY_SAMPLE_MS + 10 * MINUTE);
    expect(relaunch).not.toHaveBeenCalled();
    // The update's install did not happen after all: the relaunch still comes.
    updatePending = false;
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(relaunch).toHaveBeenCalledTimes(1);
  });

  it('relaunches each night when the window opens, at a quiet moment inside it', async () => {
    start();
    expect(log.info).toHaveBeenCalledWith(
      'Self-care: a relaunch each night at a quiet moment from 02:00',
    );
    activity.setScreen('shopping');
    await vi.advanceTimersByTimeAsync(at(24, 2) - Date.now() + 1000);
    expect(relaunch).not.toHaveBeenCalled();
    activity.setScreen('attract');
    await vi.advanceTimersByTimeAsync(0);
    expect(relaunch).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      'Self-care: relaunching now: the scheduled nightly relaunch',
    );
  });

  it('skips the night when no quiet moment comes before the window closes', async () => {
    start();
    await vi.advanceTimersByTimeAsync(at(24, 1, 59) - Date.now());
    activity.setScreen('shopping');
    await vi.advanceTimersByTimeAsync(at(24, 4, 1) - Date.now());
    expect(log.warn).toHaveBeenCalledWith(
      'Self-care: no quiet moment in the window tonight; the scheduled relaunch waits a day',
    );
    activity.setScreen('attract');
    await vi.advanceTimersByTimeAsync(at(24, 12) - Date.now());
    expect(relaunch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(at(25, 2, 1) - Date.now());
    expect(relaunch).toHaveBeenCalledTimes(1);
  });

  it('skips the night right after a start, or when an update will restart it', async () => {
    start({}, MIN_UPTIME_FOR_NIGHTLY_MS - 1);
    await vi.advanceTimersByTimeAsync(at(24, 3) - Date.now());
    expect(relaunch).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(
      'Self-care: no relaunch tonight: the kiosk started less than an hour ago',
    );
    care.stop();
    updatePending = true;
    start();
    await vi.advanceTimersByTimeAsync(at(25, 3) - Date.now());
    expect(relaunch).not.toHaveBeenCalled();
  });

  it('can be turned off, and needs a window', () => {
    start({ scheduledRelaunch: false });
    expect(log.info).toHaveBeenCalledWith(
      'Self-care: no scheduled relaunch (scheduledRelaunch is off)',
    );
    care.stop();
    start({ 'update.window': '' });
    expect(log.info).toHaveBeenCalledWith('Self-care: no scheduled relaunch (no update.window)');
  });

  it('relaunches with the same arguments, minus the crash counter, by quitting cleanly', () => {
    care = setupSelfCare({
      getAppMetrics: () => [],
      powerSaveBlocker: blocker,
      activity,
      config: { ...DEFAULT_CONFIG, scheduledRelaunch: false },
      log,
      relaunch,
      updatePending: () => false,
      uptimeMs: () => 0,
    });
    const app = { relaunch: vi.fn(), quit: vi.fn() };
    relaunchKiosk(app, ['/opt/kiosk', '--windowed', '--relaunch-attempt=2', '--staff-pin=123456']);
    expect(app.relaunch).toHaveBeenCalledExactlyOnceWith({ args: ['--windowed'] });
    expect(app.quit).toHaveBeenCalledTimes(1);
  });
});
