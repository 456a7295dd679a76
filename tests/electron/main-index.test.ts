/**
 * The wiring of main(): the real `electron` module is replaced by fakes, then index.ts is
 * imported once, as Electron would run it.
 */
import type { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { as, FakeBrowserWindow, FakeEvent, fakeLogger } from './fake-electron';

interface FakeState {
  switches: string[][];
  sandboxed: boolean;
  /** undefined until main() sets the application menu. */
  appMenu: object | null | undefined;
  ready: (() => void) | null;
  intercepted: string[];
}

const fake = vi.hoisted((): FakeState => ({
  switches: [],
  sandboxed: false,
  appMenu: undefined,
  ready: null,
  intercepted: [],
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const fakes = await import('./fake-electron');
  class WindowWithState extends fakes.FakeBrowserWindow {
    isMinimized = vi.fn(() => false);
    restore = vi.fn();
  }
  const app = Object.assign(new Emitter(), {
    commandLine: { appendSwitch: (...args: string[]) => fake.switches.push(args) },
    enableSandbox: () => {
      fake.sandboxed = true;
    },
    requestSingleInstanceLock: () => true,
    getPath: () => '/tmp/kiosk-index-test-user-data-that-does-not-exist',
    getAppPath: () => '/opt/kiosk/resources/app.asar',
    isPackaged: true,
    whenReady: () =>
      new Promise<void>((resolve) => {
        fake.ready = resolve;
      }),
    quit: vi.fn(),
    relaunch: vi.fn(),
    exit: vi.fn(),
  });
  const session = Object.assign(new Emitter(), {
    protocol: { handle: (scheme: string) => fake.intercepted.push(scheme) },
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  });
  return {
    app,
    BrowserWindow: WindowWithState,
    Menu: {
      setApplicationMenu: (menu: object | null) => {
        fake.appMenu = menu;
      },
    },
    session: { defaultSession: session },
    net: { fetch: vi.fn() },
    ipcMain: { handle: vi.fn() },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  };
});
vi.mock('../../electron/main/logging', () => ({ setupLogging: () => fakeLogger() }));
vi.mock('../../electron/main/catalogue', () => ({
  startCatalogue: () => Promise.resolve({ url: 'http://127.0.0.1:45123', close: vi.fn() }),
}));

type FakeApp = EventEmitter & { quit: () => void };
let app: FakeApp;

/** Until main() has opened its window (start-up does real disk I/O for the image cache). */
async function settle(): Promise<void> {
  for (let waited = 0; waited < 2000 && FakeBrowserWindow.created.length === 0; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  process.argv = ['/opt/kiosk/kiosk-shop'];
  app = as<FakeApp>((await import('electron')).app);
  await import('../../electron/main/index');
  fake.ready?.();
  await settle();
});

function shopWindow(): FakeBrowserWindow & { restore: () => void } {
  const window = FakeBrowserWindow.created.at(-1);
  if (!window) throw new Error('no window');
  return window as FakeBrowserWindow & { restore: () => void };
}

describe('main()', () => {
  it('sandboxes every renderer and removes the application menu before ready', () => {
    expect(fake.sandboxed).toBe(true);
    expect(fake.appMenu).toBeNull();
    expect(fake.switches).toContainEqual(['disable-pinch']);
  });

  it('opens exactly one kiosk window on the app protocol', () => {
    expect(FakeBrowserWindow.created).toHaveLength(1);
    expect(shopWindow().options).toMatchObject({ kiosk: true, show: false });
    expect(shopWindow().loadURL).toHaveBeenCalledWith('app://shop/index.html');
  });

  it('puts the offline image cache in front of http and https', () => {
    expect(fake.intercepted.sort()).toEqual(['http', 'https']);
  });

  it('focuses the running kiosk when a second copy starts', () => {
    const window = shopWindow();
    window.focus.mockClear();
    app.emit('second-instance');
    expect(window.focus).toHaveBeenCalled();
  });

  it('keeps the kiosk window open on Alt+F4 and lets staff exit close it', () => {
    const altF4 = new FakeEvent();
    shopWindow().emit('close', altF4);
    expect(altF4.defaultPrevented).toBe(true);
    app.emit('before-quit');
    const quit = new FakeEvent();
    shopWindow().emit('close', quit);
    expect(quit.defaultPrevented).toBe(false);
  });
});
