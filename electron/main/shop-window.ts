/**
 * The shop window's life: one window at a time, brought to the front when a second copy of
 * the kiosk starts, reopened at once when anything but staff exit closes a kiosk window,
 * and the one way settings and the store's state reach the page while it runs.
 */
import type { App, BrowserWindow } from 'electron';
import { IPC_CHANNELS, type RendererConfig } from '../../shared/bridge';
import type { Activity } from '../../fleet-agent/kiosk/activity';
import { toRendererConfig } from './config/config';
import { sendPageSettings } from './config/page-settings';
import type { KioskConfig, KioskMode } from '../../shared/kiosk-config/config-keys';
import { setupShortcutBlocker } from './shortcuts';
import { createWindow, keepKioskWindowOpen } from './window';

export interface ShopWindowOptions {
  app: Pick<App, 'on' | 'quit'>;
  mode: KioskMode;
  /** The config in force: a (re)opened window takes its live settings as they are now. */
  liveConfig: () => KioskConfig;
  preloadPath: string;
  iconPath: string;
  allowDevTools: boolean;
  activity: Pick<Activity, 'screenUnknown'>;
  recovery: { watch(window: BrowserWindow): void };
}

export interface ShopWindowContent {
  /** The catalogue the page reads (the embedded one's address on the app's origin). */
  catalogueUrl: string;
  /** Whether the store is closed now: a page (re)loaded meanwhile shows the closed screen. */
  storeClosed: () => boolean;
}

export interface ShopWindow {
  /** The window, while one is open. */
  current(): BrowserWindow | null;
  /** Opens the shop (and keeps a kiosk's open). */
  open(content: ShopWindowContent): void;
  /** Tells the page its settings as they are now. */
  sendConfig(config: KioskConfig): void;
  /** Tells the page whether the store is closed. */
  sendStoreClosed(closed: boolean): void;
  /** An update installs: the window may close for good. */
  quitting(): void;
}

export function setupShopWindow(options: ShopWindowOptions): ShopWindow {
  const { app, mode } = options;
  /** The window open now, with what it shows. */
  let shown: { window: BrowserWindow; content: ShopWindowContent } | null = null;
  let quitting = false;

  app.on('second-instance', () => {
    if (!shown) return;
    const { window } = shown;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('window-all-closed', () => {
    // In kiosk mode the 'closed' handler below has already opened a replacement.
    if (quitting || mode !== 'kiosk') app.quit();
  });

  const watchPage = (
    opened: BrowserWindow,
    content: ShopWindowContent,
    madeWith: RendererConfig,
  ): void => {
    // A (re)loading page shows nothing yet: until it reports its screen, main does not
    // count the moment as the attract screen (activity.ts).
    opened.webContents.on('did-start-loading', () => {
      options.activity.screenUnknown();
    });
    // A reloaded page (recovery after a hang or a crash) starts again from the settings the
    // window was made with, and a page still loading missed what main sent meanwhile: once
    // it has loaded (and listens), it hears the live ones if they have changed since.
    opened.webContents.on('did-finish-load', () => {
      const live = toRendererConfig(options.liveConfig(), content.catalogueUrl);
      if (JSON.stringify(live) !== JSON.stringify(madeWith))
        sendPageSettings(opened.webContents, live);
      // A page (re)loaded while the store is closed shows the closed screen again.
      if (content.storeClosed()) opened.webContents.send(IPC_CHANNELS.storeClosed, true);
    });
  };

  const open = (content: ShopWindowContent): void => {
    // Live settings (idle times) as they are now: a reopened window keeps a remote change.
    const madeWith = toRendererConfig(options.liveConfig(), content.catalogueUrl);
    const opened = createWindow({
      config: madeWith,
      preloadPath: options.preloadPath,
      allowDevTools: options.allowDevTools,
      iconPath: options.iconPath,
    });
    setupShortcutBlocker(opened.webContents, { allowDevTools: options.allowDevTools });
    options.recovery.watch(opened);
    watchPage(opened, content, madeWith);
    if (mode === 'kiosk') {
      keepKioskWindowOpen(opened, () => quitting);
      opened.on('session-end', () => {
        quitting = true;
      });
    }
    opened.on('closed', () => {
      shown = null;
      // A kiosk window closed by anything but staff exit comes straight back.
      if (!quitting && mode === 'kiosk') open(content);
    });
    shown = { window: opened, content };
  };

  return {
    current: () => shown?.window ?? null,
    open,
    sendConfig: (config) => {
      if (!shown || shown.window.isDestroyed()) return;
      sendPageSettings(
        shown.window.webContents,
        toRendererConfig(config, shown.content.catalogueUrl),
      );
    },
    sendStoreClosed: (closed) => {
      shown?.window.webContents.send(IPC_CHANNELS.storeClosed, closed);
    },
    quitting: () => {
      quitting = true;
    },
  };
}
