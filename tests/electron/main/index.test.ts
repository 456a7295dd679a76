/**
 * The wiring of main(): the real `electron` module is replaced by fakes, then index.ts is
 * imported as Electron would run it, once per scenario (packaged or not, which command
 * line). Every setupX is a spy that calls the real code, so removing one from main(), or
 * forcing devtools on, fails here.
 */
import type { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as AppProtocol from '../../../electron/main/app-protocol/app-protocol';
import { isAppUrl } from '../../../electron/main/app-protocol/app-origin';
import type * as Catalogue from '../../../electron/main/catalogue';
import type * as SetupFleet from '../../../electron/main/fleet/setup-fleet';
import type * as ImageCacheModule from '../../../electron/main/images/image-cache';
import type * as ImageProtocol from '../../../electron/main/images/image-protocol';
import type * as LockoutRecord from '../../../electron/main/staff-exit/pin-lockout-record';
import type * as Printing from '../../../electron/main/printing/printing';
import type * as Security from '../../../electron/main/security';
import type * as Shortcuts from '../../../electron/main/shortcuts';
import type * as StaffExit from '../../../electron/main/staff-exit/staff-exit';
import type * as Recovery from '../../../electron/main/self-care/recovery';
import type * as Window from '../../../electron/main/window';
import type * as SelfCare from '../../../electron/main/self-care/self-care';
import type * as SetupUpdates from '../../../electron/main/updates/setup-updates';
import type * as ActivityIpc from '../../../electron/main/activity/activity-ipc';
import { IPC_CHANNELS } from '../../../shared/bridge';
import { decodeRendererConfigArg } from '../../../shared/renderer-config-arg';
import {
  as,
  type FakeBrowserWindow,
  FakeEvent,
  FakeWebContents,
  type fakeLogger,
  ipcEventFrom,
} from '../support/fake-electron';

interface FakeState {
  switches: string[][];
  sandboxed: boolean;
  /** undefined until main() sets the application menu. */
  appMenu: object | null | undefined;
  ready: (() => void) | null;
  /** Whether the test has let Electron become ready. */
  readyFired: boolean;
  isPackaged: boolean;
  /** Set by app.disableHardwareAcceleration(); `ready` tells whether it came too late. */
  hardwareAcceleration: 'on' | 'off before ready' | 'off too late';
  /** Every BrowserWindow this run of main() created. */
  windows: ShopWindow[];
  /** The schemes the session's protocol handlers took over (the image cache). */
  intercepted: string[];
  /** Every protocol handler by scheme: the session's (http, https) and the app's own. */
  handlers: Map<string, ProtocolHandler>;
  /** The userData folder this launch is given. */
  userData: string;
  /** Whether net.fetch reaches the network (loopback only) or fails as offline. */
  online: boolean;
}

type ProtocolHandler = (request: Request) => Response | Promise<Response>;
const NO_USER_DATA = '/tmp/kiosk-index-test-user-data-that-does-not-exist';

type ShopWindow = FakeBrowserWindow & { restore: () => void };

const fake = vi.hoisted((): FakeState => ({
  switches: [],
  sandboxed: false,
  appMenu: undefined,
  ready: null,
  readyFired: false,
  isPackaged: true,
  hardwareAcceleration: 'on',
  windows: [],
  intercepted: [],
  handlers: new Map(),
  userData: '/tmp/kiosk-index-test-user-data-that-does-not-exist',
  online: false,
}));

/** One spy per setupX; each scenario's import wires them to the real functions again. */
const spies = vi.hoisted(() => ({
  registerAppScheme: vi.fn(),
  setupAppProtocol: vi.fn(),
  setupSecurity: vi.fn(),
  setupShortcutBlocker: vi.fn(),
  setupStaffExit: vi.fn(),
  createRecovery: vi.fn(),
  createWindow: vi.fn(),
  keepKioskWindowOpen: vi.fn(),
  setupImageCache: vi.fn(),
  setupReceiptPrinting: vi.fn(),
  fileLockoutStore: vi.fn(),
  startCatalogue: vi.fn(),
  setupFleet: vi.fn(),
  setupSelfCare: vi.fn(),
  setupUpdates: vi.fn(),
  setupActivityIpc: vi.fn(),
  displayBlocker: vi.fn((_type: string) => 1),
  log: null as ReturnType<typeof fakeLogger> | null,
}));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const fakes = await import('../support/fake-electron');
  class WindowWithState extends fakes.FakeBrowserWindow {
    isMinimized = vi.fn(() => false);
    restore = vi.fn();
    constructor(options: Record<string, unknown>) {
      super(options);
      fake.windows.push(this);
    }
  }
  const app = Object.assign(new Emitter(), {
    commandLine: { appendSwitch: (...args: string[]) => fake.switches.push(args) },
    enableSandbox: () => {
      fake.sandboxed = true;
    },
    disableHardwareAcceleration: () => {
      fake.hardwareAcceleration = fake.readyFired ? 'off too late' : 'off before ready';
    },
    requestSingleInstanceLock: vi.fn(() => true),
    getPath: () => fake.userData,
    // The repository: its resources/ hold the demo catalogue the embedded one serves.
    getAppPath: () => process.cwd(),
    whenReady: () =>
      new Promise<void>((resolve) => {
        fake.ready = resolve;
      }),
    quit: vi.fn(),
    relaunch: vi.fn(),
    exit: vi.fn(),
    getVersion: () => '0.1.0',
    getAppMetrics: () => [],
  });
  // A getter, so each scenario can decide; Object.assign would copy its first value.
  Object.defineProperty(app, 'isPackaged', { get: () => fake.isPackaged });
  const session = Object.assign(new Emitter(), {
    protocol: {
      handle: (scheme: string, handler: ProtocolHandler) => {
        fake.intercepted.push(scheme);
        fake.handlers.set(scheme, handler);
      },
    },
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
    ipcMain: { handle: vi.fn(), on: vi.fn() },
    powerSaveBlocker: { start: spies.displayBlocker, stop: vi.fn() },
    net: {
      fetch: vi.fn((request: Request) =>
        fake.online ? fetch(request) : Promise.reject(new TypeError('fetch failed')),
      ),
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(),
      handle: (scheme: string, handler: ProtocolHandler) => fake.handlers.set(scheme, handler),
    },
  };
});
vi.mock('../../../electron/main/logging/logging', async () => {
  const { fakeLogger: makeLogger } = await import('../support/fake-electron');
  return {
    setupLogging: () => {
      spies.log = makeLogger();
      return spies.log;
    },
    setLogMaxMB: vi.fn(),
  };
});
vi.mock('../../../electron/main/catalogue', async (importOriginal) => {
  const real = await importOriginal<typeof Catalogue>();
  spies.startCatalogue.mockImplementation(real.startCatalogue);
  return { ...real, startCatalogue: spies.startCatalogue };
});
vi.mock('../../../electron/main/app-protocol/app-protocol', async (importOriginal) => {
  const real = await importOriginal<typeof AppProtocol>();
  spies.registerAppScheme.mockImplementation(real.registerAppScheme);
  spies.setupAppProtocol.mockImplementation(real.setupAppProtocol);
  return { ...real, ...pick(spies, 'registerAppScheme', 'setupAppProtocol') };
});
vi.mock('../../../electron/main/security', async (importOriginal) => {
  const real = await importOriginal<typeof Security>();
  spies.setupSecurity.mockImplementation(real.setupSecurity);
  return { ...real, setupSecurity: spies.setupSecurity };
});
vi.mock('../../../electron/main/shortcuts', async (importOriginal) => {
  const real = await importOriginal<typeof Shortcuts>();
  spies.setupShortcutBlocker.mockImplementation(real.setupShortcutBlocker);
  return { ...real, setupShortcutBlocker: spies.setupShortcutBlocker };
});
vi.mock('../../../electron/main/staff-exit/staff-exit', async (importOriginal) => {
  const real = await importOriginal<typeof StaffExit>();
  spies.setupStaffExit.mockImplementation(real.setupStaffExit);
  return { ...real, setupStaffExit: spies.setupStaffExit };
});
vi.mock('../../../electron/main/self-care/recovery', async (importOriginal) => {
  const real = await importOriginal<typeof Recovery>();
  spies.createRecovery.mockImplementation(real.createRecovery);
  return { ...real, createRecovery: spies.createRecovery };
});
vi.mock('../../../electron/main/images/image-protocol', async (importOriginal) => {
  const real = await importOriginal<typeof ImageProtocol>();
  spies.setupImageCache.mockImplementation(real.setupImageCache);
  return { ...real, setupImageCache: spies.setupImageCache };
});
vi.mock('../../../electron/main/images/image-cache', async (importOriginal) => {
  const real = await importOriginal<typeof ImageCacheModule>();
  // No disk in this test: an empty cache, at once.
  const open = () =>
    Promise.resolve(
      as<ImageCacheModule.ImageCache>({
        size: { images: 0, bytes: 0 },
        lookup: () => null,
        read: () => Promise.resolve(null),
      }),
    );
  return { ...real, ImageCache: { open } };
});
vi.mock('../../../electron/main/staff-exit/pin-lockout-record', async (importOriginal) => {
  const real = await importOriginal<typeof LockoutRecord>();
  spies.fileLockoutStore.mockImplementation(real.fileLockoutStore);
  return { ...real, fileLockoutStore: spies.fileLockoutStore };
});
vi.mock('../../../electron/main/printing/printing', async (importOriginal) => {
  const real = await importOriginal<typeof Printing>();
  spies.setupReceiptPrinting.mockImplementation(real.setupReceiptPrinting);
  return { ...real, setupReceiptPrinting: spies.setupReceiptPrinting };
});
vi.mock('../../../electron/main/fleet/setup-fleet', async (importOriginal) => {
  const real = await importOriginal<typeof SetupFleet>();
  spies.setupFleet.mockImplementation(real.setupFleet);
  return { ...real, setupFleet: spies.setupFleet };
});
vi.mock('../../../electron/main/self-care/self-care', async (importOriginal) => {
  const real = await importOriginal<typeof SelfCare>();
  spies.setupSelfCare.mockImplementation(real.setupSelfCare);
  return { ...real, setupSelfCare: spies.setupSelfCare };
});
vi.mock('../../../electron/main/updates/setup-updates', async (importOriginal) => {
  const real = await importOriginal<typeof SetupUpdates>();
  spies.setupUpdates.mockImplementation(real.setupUpdates);
  return { ...real, setupUpdates: spies.setupUpdates };
});
vi.mock('../../../electron/main/activity/activity-ipc', async (importOriginal) => {
  const real = await importOriginal<typeof ActivityIpc>();
  spies.setupActivityIpc.mockImplementation(real.setupActivityIpc);
  return { ...real, setupActivityIpc: spies.setupActivityIpc };
});
vi.mock('../../../electron/main/window', async (importOriginal) => {
  const real = await importOriginal<typeof Window>();
  spies.createWindow.mockImplementation(real.createWindow);
  spies.keepKioskWindowOpen.mockImplementation(real.keepKioskWindowOpen);
  return { ...real, ...pick(spies, 'createWindow', 'keepKioskWindowOpen') };
});

function pick<T extends object, K extends keyof T>(source: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}

type FakeApp = EventEmitter & {
  quit: () => void;
  relaunch: ReturnType<typeof vi.fn>;
  exit: ReturnType<typeof vi.fn>;
  requestSingleInstanceLock: ReturnType<typeof vi.fn>;
};

async function settle(): Promise<void> {
  for (let index = 0; index < 5; index += 1) await new Promise((resolve) => setImmediate(resolve));
}

interface Started {
  app: FakeApp;
  /** What had happened when index.ts finished loading, before `ready`. */
  beforeReady: { sandboxed: boolean; appMenu: unknown; schemeRegistered: boolean };
  log: ReturnType<typeof fakeLogger>;
}

/** Runs index.ts afresh, as a new process would, with this command line. */
async function startMain({
  argv,
  isPackaged,
  userData = NO_USER_DATA,
  online = false,
}: {
  argv: string[];
  isPackaged: boolean;
  userData?: string;
  online?: boolean;
}) {
  vi.resetModules();
  for (const spy of Object.values(spies)) if (typeof spy === 'function') spy.mockClear();
  Object.assign(fake, {
    switches: [],
    sandboxed: false,
    appMenu: undefined,
    ready: null,
    readyFired: false,
    isPackaged,
    hardwareAcceleration: 'on',
    windows: [],
    intercepted: [],
    handlers: new Map(),
    userData,
    online,
  });
  process.argv = argv;
  const app = as<FakeApp>((await import('electron')).app);
  app.removeAllListeners();
  for (const mock of [app.relaunch, app.exit, app.requestSingleInstanceLock]) mock.mockClear();
  const { ipcMain } = await import('electron');
  vi.mocked(ipcMain.handle).mockClear();
  await import('../../../electron/main/index');
  const beforeReady = {
    sandboxed: fake.sandboxed,
    appMenu: fake.appMenu,
    schemeRegistered: spies.registerAppScheme.mock.calls.length === 1,
  };
  fake.readyFired = true;
  fake.ready?.();
  await settle();
  if (!spies.log) throw new Error('main() set up no logging');
  return { app, beforeReady, log: spies.log } satisfies Started;
}

function shopWindow(): ShopWindow {
  const window = fake.windows.at(-1);
  if (!window) throw new Error('no window');
  return window;
}

const KIOSK = '/opt/Kiosk Shop/kiosk-shop';
const argvBefore = process.argv;
afterEach(() => {
  process.argv = argvBefore;
});

describe('main() of an installed kiosk', () => {
  it('locks Electron down before ready: sandbox for all, no menu, the app scheme', async () => {
    const { beforeReady } = await startMain({ argv: [KIOSK], isPackaged: true });
    expect(beforeReady).toEqual({ sandboxed: true, appMenu: null, schemeRegistered: true });
    expect(fake.switches).toContainEqual(['disable-pinch']);
    // Linux: the system's voices (speech-dispatcher) for the kiosk's speech.
    if (process.platform === 'linux') {
      expect(fake.switches).toContainEqual(['enable-speech-dispatcher']);
    }
    // The first start of the file transforms the whole main process: seconds on a busy machine.
  }, 30_000);

  it('wires every setupX once, with devtools off everywhere', async () => {
    const { app } = await startMain({ argv: [KIOSK], isPackaged: true });
    const { session, ipcMain } = await import('electron');
    expect(spies.setupSecurity).toHaveBeenCalledExactlyOnceWith(app, session.defaultSession, {
      allowDevTools: false,
      log: expect.anything() as unknown,
      allowAudioOutputs: false,
    });
    expect(spies.startCatalogue).toHaveBeenCalledTimes(1);
    // The embedded catalogue lives on the app's origin: the policy names no other.
    expect(spies.setupAppProtocol).toHaveBeenCalledExactlyOnceWith({
      rootDir: expect.stringMatching(/renderer$/) as unknown,
      csp: expect.stringMatching(/connect-src 'self';.*/) as unknown,
      api: expect.any(Function) as unknown,
    });
    expect(JSON.stringify(spies.setupAppProtocol.mock.calls)).not.toMatch(/http:\/\//);
    expect(spies.setupStaffExit).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ ipcMain }),
    );
    expect(spies.createRecovery).toHaveBeenCalledTimes(1);
    expect(spies.createWindow).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ allowDevTools: false }),
    );
    const window = shopWindow();
    expect(window.options).toMatchObject({ webPreferences: { devTools: false, sandbox: true } });
    expect(spies.setupShortcutBlocker).toHaveBeenCalledExactlyOnceWith(window.webContents, {
      allowDevTools: false,
    });
    expect(spies.keepKioskWindowOpen).toHaveBeenCalledTimes(1);
    expect(spies.setupImageCache).toHaveBeenCalledExactlyOnceWith(
      session.defaultSession,
      expect.anything(),
    );
    expect(spies.setupReceiptPrinting).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ ipcMain, mode: 'kiosk' }),
    );
  });

  it('hooks the real handlers up, not just calls them', async () => {
    const { app } = await startMain({ argv: [KIOSK], isPackaged: true });
    const { ipcMain } = await import('electron');
    // setupSecurity: every new webContents is hardened.
    const contents = new FakeWebContents();
    app.emit('web-contents-created', {}, contents);
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({
      action: 'deny',
    });
    expect(contents.listenerCount('devtools-opened')).toBe(1);
    // setupShortcutBlocker and recovery.watch on the shop window.
    const window = shopWindow();
    expect(window.webContents.listenerCount('before-input-event')).toBe(1);
    expect(window.webContents.listenerCount('render-process-gone')).toBe(1);
    expect(window.listenerCount('unresponsive')).toBe(1);
    expect(app.listenerCount('child-process-gone')).toBe(1);
    // setupStaffExit: the PIN channel has a handler; so does receipt printing.
    expect(ipcMain.handle).toHaveBeenCalledWith(
      'kiosk:submit-staff-exit-pin',
      expect.any(Function),
    );
    expect(ipcMain.handle).toHaveBeenCalledWith('kiosk:print-receipt', expect.any(Function));
    // Collection numbers: main gives each order its number.
    expect(ipcMain.handle).toHaveBeenCalledWith('kiosk:collection-number', expect.any(Function));
    // setupSpeech: the espeak-ng fallback answers the page's speech requests.
    expect(ipcMain.handle).toHaveBeenCalledWith('kiosk:speak', expect.any(Function));
    // The offline image cache stands in front of the network.
    expect(fake.intercepted.sort()).toEqual(['http', 'https']);
  });

  it('prints a receipt from a hidden slip window with no preload, never the shop window', async () => {
    await startMain({ argv: [KIOSK], isPackaged: true });
    const { ipcMain } = await import('electron');
    const shop = shopWindow();
    const [, handler] =
      vi.mocked(ipcMain.handle).mock.calls.find(([channel]) => channel === 'kiosk:print-receipt') ??
      [];
    if (!handler) throw new Error('no print handler');
    const event = {
      ...(ipcEventFrom('app://shop/index.html') as object),
      sender: shop.webContents,
    };
    const receipt = {
      id: 'Receipt-1700000000123-42',
      issuedAt: 1700000000123,
      lines: [{ title: 'Ring', quantity: 1, lineTotal: 2230 }],
      savings: 0,
      tax: 446,
      total: 2676,
    };
    await expect(handler(as<Electron.IpcMainInvokeEvent>(event), receipt)).resolves.toEqual({
      ok: true,
    });
    const slip = fake.windows.at(-1);
    expect(slip).not.toBe(shop);
    expect(slip?.options).toMatchObject({ show: false, webPreferences: { javascript: false } });
    expect(slip?.options.webPreferences).not.toHaveProperty('preload');
    expect(slip?.loadURL).toHaveBeenCalledWith(expect.stringMatching(/^data:text\/html/));
    expect(slip?.webContents.print).toHaveBeenCalledTimes(1);
    expect(slip?.destroyed).toBe(true);
    expect(shop.webContents.print).not.toHaveBeenCalled();
  });

  it('gives the page each order’s collection number, with the configured letter, kept in userData', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'kiosk-collection-'));
    await startMain({ argv: [KIOSK, '--collection-letter=h'], isPackaged: true, userData });
    const { ipcMain } = await import('electron');
    const [, handler] =
      vi
        .mocked(ipcMain.handle)
        .mock.calls.find(([channel]) => channel === IPC_CHANNELS.collectionNumber) ?? [];
    if (!handler) throw new Error('no collection number handler');
    const event = as<Electron.IpcMainInvokeEvent>(ipcEventFrom('app://shop/index.html'));
    const first: unknown = await handler(event, 'Receipt-1700000000123-42');
    expect(first).toMatch(/^H [1-9]\d*$/);
    expect(await handler(event, 'Receipt-1700000000123-42')).toBe(first);
    const second = String(await handler(event, 'Receipt-1700000000999-1'));
    expect(Number(second.slice(2))).toBe(Number(String(first).slice(2)) + 1);
    expect(readdirSync(userData)).toContain('collection-counter.json');
  });

  it('keeps the PIN lock-out in userData, signed with a key from the staffPinHash in force', async () => {
    const hash = 'scrypt:32768:8:1:BwcHBwcHBwcHBwcHBwcHBw:' + 'A'.repeat(43);
    process.env.SHOP_STAFF_PIN_HASH = hash;
    try {
      const { log } = await startMain({ argv: [KIOSK], isPackaged: true });
      expect(spies.fileLockoutStore).toHaveBeenCalledExactlyOnceWith(
        join('/tmp/kiosk-index-test-user-data-that-does-not-exist', 'staff-exit-lockout.json'),
        log,
        hash,
      );
      expect(spies.setupStaffExit).toHaveBeenCalledWith(
        expect.objectContaining({ staffPinHash: hash, limiter: expect.anything() as unknown }),
      );
    } finally {
      delete process.env.SHOP_STAFF_PIN_HASH;
    }
  });

  it('keeps devtools off in --windowed mode too', async () => {
    await startMain({ argv: [KIOSK, '--windowed'], isPackaged: true });
    expect(shopWindow().options).toMatchObject({
      kiosk: false,
      webPreferences: { devTools: false },
    });
    expect(spies.setupShortcutBlocker).toHaveBeenCalledWith(expect.anything(), {
      allowDevTools: false,
    });
    expect(spies.setupSecurity).toHaveBeenCalledWith(
      expect.anything(),
      expect.anything(),
      expect.objectContaining({ allowDevTools: false }),
    );
  });

  it('opens exactly one kiosk window on the app protocol', async () => {
    await startMain({ argv: [KIOSK], isPackaged: true });
    expect(fake.windows).toHaveLength(1);
    expect(shopWindow().options).toMatchObject({ kiosk: true, show: false });
    expect(shopWindow().loadURL).toHaveBeenCalledWith('app://shop/index.html');
  });

  it('focuses the running kiosk when a second copy starts', async () => {
    const { app } = await startMain({ argv: [KIOSK], isPackaged: true });
    const window = shopWindow();
    window.focus.mockClear();
    app.emit('second-instance');
    expect(window.focus).toHaveBeenCalled();
  });

  it('keeps the kiosk window open on Alt+F4 and lets staff exit close it', async () => {
    const { app } = await startMain({ argv: [KIOSK], isPackaged: true });
    const altF4 = new FakeEvent();
    shopWindow().emit('close', altF4);
    expect(altF4.defaultPrevented).toBe(true);
    app.emit('before-quit');
    const quit = new FakeEvent();
    shopWindow().emit('close', quit);
    expect(quit.defaultPrevented).toBe(false);
  });

  it.each([
    ['--remote-debugging-port=9222'],
    ['--no-sandbox'],
    ['--inspect=9229', '--js-flags=--expose-gc'],
    ['--disable-web-security'],
    ['--proxy-server=http://10.0.0.66:3128'],
  ])('refuses %s: logs it, relaunches without it and opens nothing', async (...refused) => {
    const { app, log } = await startMain({
      argv: [KIOSK, '--windowed', ...refused],
      isPackaged: true,
    });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('Security: refused --'));
    expect(app.relaunch).toHaveBeenCalledExactlyOnceWith({
      args: ['--windowed', '--switches-refused'],
    });
    expect(app.exit).toHaveBeenCalledWith(0);
    expect(app.requestSingleInstanceLock).not.toHaveBeenCalled();
    expect(fake.windows).toHaveLength(0);
    expect(spies.setupStaffExit).not.toHaveBeenCalled();
  });

  it('ignores --config: the documented files only', async () => {
    const { log } = await startMain({ argv: [KIOSK, '--config=/tmp/own.json'], isPackaged: true });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('ignoring --config'));
    expect(log.info).toHaveBeenCalledWith(
      expect.stringContaining(`config files: ${process.platform === 'win32' ? 'C:' : '/'}`),
    );
  });
});

describe('main() after repeated GPU process losses', () => {
  it('turns hardware acceleration off before ready when recovery asked for it, and logs it', async () => {
    const { log } = await startMain({ argv: [KIOSK, '--software-rendering'], isPackaged: true });
    expect(fake.hardwareAcceleration).toBe('off before ready');
    expect(log.warn).toHaveBeenCalledWith(
      'Recovery: hardware acceleration is off after repeated GPU process losses',
    );
    expect(fake.windows).toHaveLength(1);
  });

  it('leaves it on otherwise', async () => {
    await startMain({ argv: [KIOSK, '--gpu-losses=1736150400000'], isPackaged: true });
    expect(fake.hardwareAcceleration).toBe('on');
  });
});

describe('main() in development (not packaged)', () => {
  it('allows devtools in a --windowed staff window', async () => {
    await startMain({ argv: ['electron', '.', '--windowed'], isPackaged: false });
    expect(shopWindow().options).toMatchObject({ webPreferences: { devTools: true } });
    expect(spies.setupShortcutBlocker).toHaveBeenCalledWith(expect.anything(), {
      allowDevTools: true,
    });
  });

  it('lets the page find a configured speech output, and hands it the device to look for', async () => {
    await startMain({
      argv: ['electron', '.', '--speech-output-device=USB Headset'],
      isPackaged: false,
    });
    expect(spies.setupSecurity).toHaveBeenCalledWith(
      expect.anything(),
      expect.anything(),
      expect.objectContaining({ allowAudioOutputs: true }),
    );
    const config = decodeRendererConfigArg(
      (shopWindow().options.webPreferences as { additionalArguments: string[] })
        .additionalArguments,
    );
    expect(config?.speechOutputDevice).toBe('USB Headset');
  });

  it('keeps debug switches, which Playwright and developers use', async () => {
    const { app } = await startMain({
      argv: ['electron', '.', '--remote-debugging-port=0', '--inspect=0'],
      isPackaged: false,
    });
    expect(app.relaunch).not.toHaveBeenCalled();
    expect(fake.windows).toHaveLength(1);
    expect(shopWindow().options).toMatchObject({ webPreferences: { devTools: false } });
  });
});

/** How the window's page resolves and loads a URL: the app's handler or the session's. */
async function load(url: string): Promise<Response> {
  const scheme = new URL(url).protocol.slice(0, -1);
  const handler = fake.handlers.get(scheme);
  if (!handler) throw new TypeError(`nothing answers ${scheme}: in this launch`);
  return handler(new Request(url));
}

const PAGE = 'app://shop/index.html';

/** Whether the launch's Content-Security-Policy lets the page show an image from `url`. */
function imgSrcAllows(url: URL): boolean {
  const call = spies.setupAppProtocol.mock.calls[0] as [{ csp: string }] | undefined;
  const sources = /img-src ([^;]*)/.exec(call?.[0].csp ?? '')?.[1]?.split(' ') ?? [];
  if (isAppUrl(url.href)) return sources.includes("'self'");
  if (url.protocol === 'https:') return sources.includes('https:');
  return sources.includes(url.origin);
}

describe('main() across launches', () => {
  it('shows, in the next launch, the images of a catalogue cached in this one', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'kiosk-launches-'));
    // Launch 1, online, fetches the catalogue as the renderer does, from its configured URL.
    const first = await startMain({ argv: [KIOSK], isPackaged: true, userData, online: true });
    const args = shopWindow().options as { webPreferences: { additionalArguments: string[] } };
    const config = decodeRendererConfigArg(args.webPreferences.additionalArguments);
    if (!config) throw new Error('the window has no renderer config');
    const list = await load(new URL(`${config.catalogueUrl}/products`, PAGE).href);
    expect(list.status).toBe(200);
    // What the renderer keeps in its `products` key, across the restart.
    const cached = (await list.json()) as { id: number; image: string }[];
    expect(cached.length).toBeGreaterThan(0);
    first.app.emit('before-quit');

    // Launch 2, offline, on the same userData: every cached card still shows its image.
    await startMain({ argv: [KIOSK], isPackaged: true, userData });
    for (const product of cached) {
      const url = new URL(product.image, PAGE);
      expect(imgSrcAllows(url), url.href).toBe(true);
      const image = await load(url.href);
      expect(image.status).toBe(200);
      expect(image.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
      expect(await image.text()).toMatch(/^<svg /);
    }
  });
});

describe('main() and the fleet', () => {
  const fleetOf = (): SetupFleet.Fleet => {
    const result = spies.setupFleet.mock.results[0];
    if (result?.type !== 'return') throw new Error('setupFleet was not called');
    return result.value as SetupFleet.Fleet;
  };

  it('wires the fleet once, with the live config and the renderer’s activity reports', async () => {
    const { app, log } = await startMain({ argv: [KIOSK], isPackaged: true });
    const { ipcMain } = await import('electron');
    expect(spies.setupFleet).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        app,
        readings: expect.objectContaining({ gpuFallback: false }) as unknown,
        argv: [KIOSK],
        liveConfig: expect.objectContaining({ remote: null }) as unknown,
      }),
    );
    const [deps] = spies.setupFleet.mock.calls[0] as [SetupFleet.FleetDeps];
    expect(deps.window()).toBe(shopWindow());
    expect(deps.readings.failedPinsToday()).toBe(0);
    expect(deps.identity?.receiptPublicKey()).toBeNull();
    expect(deps.readings.updateStatus()).toBeNull();
    expect(deps.readings.imageCache()).toEqual({ images: 0, bytes: 0 });
    // The activity module hears the page: every report channel has a listener.
    for (const channel of [
      'kiosk:report-screen',
      'kiosk:report-input',
      'kiosk:report-dialog',
      'kiosk:report-idle-wipe',
      'kiosk:report-receipt',
      'kiosk:report-catalogue',
      // The page's confirmed orders: heard always, sent nowhere without a shop service.
      'kiosk:send-order',
    ]) {
      expect(ipcMain.on).toHaveBeenCalledWith(channel, expect.any(Function));
    }
    // No broker configured: nothing connects.
    expect(fleetOf().client).toBeNull();
    expect(log.info).toHaveBeenCalledWith(
      'Fleet: no broker configured (fleet.brokerUrl, fleet.brokerUrls); not connecting',
    );
  });

  it('tells a page that (re)loads the live idle times, when they changed since its window opened', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'kiosk-live-main-'));
    const configFile = join(userData, 'kiosk-config.json');
    writeFileSync(configFile, JSON.stringify({ idleTimeoutSeconds: 90 }));
    await startMain({ argv: [KIOSK], isPackaged: true, userData });
    const [deps] = spies.setupFleet.mock.calls[0] as [SetupFleet.FleetDeps];
    const { webContents } = shopWindow();
    webContents.emit('did-finish-load');
    expect(webContents.send).not.toHaveBeenCalledWith(
      IPC_CHANNELS.configChanged,
      expect.anything(),
    );
    // The files say otherwise now (the fleet's reload-config); the page reloads after a hang.
    writeFileSync(configFile, JSON.stringify({ idleTimeoutSeconds: 45 }));
    expect(deps.liveConfig.reload()).toEqual(['idleTimeoutSeconds']);
    webContents.emit('did-finish-load');
    expect(webContents.send).toHaveBeenCalledExactlyOnceWith(
      IPC_CHANNELS.configChanged,
      expect.objectContaining({ idleTimeoutSeconds: 45, idleCountdownSeconds: 15, mode: 'kiosk' }),
    );
  });

  it('connects to the broker --fleet-broker names, with a kiosk id kept in userData', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'kiosk-fleet-main-'));
    const { log } = await startMain({
      argv: [KIOSK, '--fleet-broker=mqtt://127.0.0.1:1'],
      isPackaged: true,
      userData,
    });
    const fleet = fleetOf();
    try {
      expect(fleet.client).not.toBeNull();
      expect(fleet.kioskId).toMatch(/^kiosk-[0-9a-f]{12}$/);
      expect(log.info).toHaveBeenCalledWith(
        `Fleet: connecting to mqtt://127.0.0.1:1 as ${fleet.kioskId ?? ''}`,
      );
      // The shop opened all the same.
      expect(fake.windows).toHaveLength(1);
    } finally {
      await fleet.stop();
    }
  });

  it('sends the page’s orders to the shop service --shop-service-url names, once on the fleet', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'kiosk-orders-main-'));
    const { log } = await startMain({
      argv: [KIOSK, '--fleet-broker=mqtt://127.0.0.1:1', '--shop-service-url=http://127.0.0.1:9'],
      isPackaged: true,
      userData,
    });
    try {
      expect(log.info).toHaveBeenCalledWith(
        'Orders: each confirmed order goes to the shop service at http://127.0.0.1:9',
      );
    } finally {
      await fleetOf().stop();
    }
  });
});

describe('main() looking after itself', () => {
  it('wires activity, updates (off without a feed) and self-care, keeping the display awake', async () => {
    await startMain({ argv: [KIOSK], isPackaged: true });
    const { ipcMain } = await import('electron');
    expect(spies.setupActivityIpc).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ ipcMain }),
    );
    expect(spies.setupUpdates).toHaveBeenCalledTimes(1);
    await expect(spies.setupUpdates.mock.results[0]?.value).resolves.toBeNull();
    expect(spies.setupSelfCare).toHaveBeenCalledTimes(1);
    // Both wait on the one activity record the renderer reports into.
    const activity = (spies.setupActivityIpc.mock.calls[0] as [{ activity: unknown }])[0].activity;
    expect(spies.setupSelfCare).toHaveBeenCalledWith(expect.objectContaining({ activity }));
    expect(spies.setupUpdates).toHaveBeenCalledWith(expect.objectContaining({ activity }));
    expect(spies.displayBlocker).toHaveBeenCalledWith('prevent-display-sleep');
  });

  it('starts and sells with a userData it cannot write: console log, no disk caches', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kiosk-readonly-')), 'a-file');
    writeFileSync(file, '');
    const { log } = await startMain({
      argv: [KIOSK],
      isPackaged: true,
      userData: join(file, 'Kiosk Shop'),
    });
    expect(log.error).toHaveBeenCalledWith(
      expect.stringMatching(/^Self-care: userData .* cannot be written \(ENOTDIR\)/),
    );
    expect(spies.setupImageCache).not.toHaveBeenCalled();
    expect(fake.windows).toHaveLength(1);
    expect(shopWindow().loadURL).toHaveBeenCalledWith('app://shop/index.html');
    // The embedded catalogue still answers: the shop sells from memory.
    const args = shopWindow().options as { webPreferences: { additionalArguments: string[] } };
    const config = decodeRendererConfigArg(args.webPreferences.additionalArguments);
    const list = await load(new URL(`${config?.catalogueUrl ?? ''}/products`, PAGE).href);
    expect(list.status).toBe(200);
  });
});
