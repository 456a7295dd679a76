/**
 * The one shop window. Security-relevant webPreferences are written inline in
 * `new BrowserWindow({...})` on purpose: Electronegativity only analyses literal options
 * and reports false HIGH findings when they come from a helper.
 */
import { BrowserWindow } from 'electron';
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
  const window = new BrowserWindow({
    ...getWindowChrome(config.mode),
    show: false,
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    title: 'Kiosk Shop',
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: allowDevTools,
      additionalArguments: [encodeRendererConfigArg(config)],
    },
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
