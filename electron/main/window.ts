/**
 * The kiosk's windows: the one shop window, and (openLockedWindow) every window the kiosk
 * opens, the slip's included, with one set of locked-down webPreferences. They are written
 * inline in the one `new BrowserWindow({...})` on purpose: Electronegativity only analyses
 * literal options at the call and reports false HIGH findings when they come from a helper
 * object; what differs per window is a parameter of that one call.
 */
import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import type { RendererConfig } from '../../shared/bridge';
import { encodeRendererConfigArg } from '../../shared/renderer-config-arg';
import { APP_ENTRY_URL } from './app-protocol/app-origin';

export interface WindowChrome {
  kiosk: boolean;
  fullscreen: boolean;
  frame: boolean;
  resizable: boolean;
  movable: boolean;
  minimizable: boolean;
  alwaysOnTop: boolean;
  skipTaskbar: boolean;
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** Kiosk: full screen, no frame, nothing to grab. Windowed: an ordinary resizable window. */
export function getWindowChrome(mode: RendererConfig['mode']): WindowChrome {
  const kiosk = mode === 'kiosk';
  return {
    kiosk,
    fullscreen: kiosk,
    frame: !kiosk,
    resizable: !kiosk,
    movable: !kiosk,
    minimizable: !kiosk,
    alwaysOnTop: kiosk,
    skipTaskbar: kiosk,
    width: 1280,
    height: 800,
    minWidth: 360,
    minHeight: 600,
  };
}

export interface LockedWindowOptions {
  /** The window's own options: size, chrome, visibility. */
  window: Omit<BrowserWindowConstructorOptions, 'webPreferences'>;
  /** The preload script; absent: the page gets no bridge at all. */
  preload?: string;
  /** Whether the page runs script (a printed slip runs none). */
  javascript: boolean;
  devTools: boolean;
  /** Arguments the preload reads (the page's settings); absent: none. */
  additionalArguments?: string[];
}

/** A window with the kiosk's locked-down webPreferences: sandboxed, isolated, no Node. */
export function openLockedWindow(options: LockedWindowOptions): BrowserWindow {
  return new BrowserWindow({
    ...options.window,
    webPreferences: {
      ...(options.preload === undefined ? {} : { preload: options.preload }),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      javascript: options.javascript,
      disableBlinkFeatures: 'Auxclick',
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: options.devTools,
      ...(options.additionalArguments === undefined
        ? {}
        : { additionalArguments: options.additionalArguments }),
    },
  });
}

export interface CreateWindowOptions {
  config: RendererConfig;
  preloadPath: string;
  /** Only staff mode in development may open devtools. */
  allowDevTools: boolean;
  iconPath?: string;
}

export function createWindow({
  config,
  preloadPath,
  allowDevTools,
  iconPath,
}: CreateWindowOptions): BrowserWindow {
  const window = openLockedWindow({
    window: {
      ...getWindowChrome(config.mode),
      show: false,
      backgroundColor: '#ffffff',
      autoHideMenuBar: true,
      title: 'Kiosk Shop',
      ...(iconPath ? { icon: iconPath } : {}),
    },
    preload: preloadPath,
    javascript: true,
    devTools: allowDevTools,
    additionalArguments: [encodeRendererConfigArg(config)],
  });
  window.removeMenu();
  // Shown only once painted: no white flash on the counter.
  window.once('ready-to-show', () => {
    window.show();
    window.focus();
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

/**
 * Alt+F4, Alt+Space → Close or the window manager's close: a kiosk window stays open
 * until the app itself quits (staff exit) or the OS session ends (shutdown, log-off).
 */
export function keepKioskWindowOpen(
  window: Pick<BrowserWindow, 'on'>,
  isQuitting: () => boolean,
): void {
  let sessionEnding = false;
  window.on('session-end', () => {
    sessionEnding = true;
  });
  window.on('close', (event) => {
    if (isQuitting() || sessionEnding) return;
    event.preventDefault();
  });
}
