import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RendererConfig } from '../../../shared/bridge';
import { decodeRendererConfigArg } from '../../../shared/renderer-config-arg';
import type { BrowserWindow } from 'electron';
import { as, FakeBrowserWindow, FakeEvent } from '../support/fake-electron';

vi.mock('electron', async () => {
  const fakes = await import('../support/fake-electron');
  return { BrowserWindow: fakes.FakeBrowserWindow };
});

const { createWindow, keepKioskWindowOpen } = await import('../../../electron/main/window');

const kioskConfig: RendererConfig = {
  catalogueUrl: 'http://127.0.0.1:4555',
  mode: 'kiosk',
  idleTimeoutSeconds: 90,
  idleCountdownSeconds: 15,
  catalogueMaxAgeMinutes: 60,
};

function open(config: RendererConfig, allowDevTools = false): FakeBrowserWindow {
  createWindow({ config, preloadPath: '/app/out/preload/index.js', allowDevTools });
  const window = FakeBrowserWindow.created.at(-1);
  if (!window) throw new Error('no window created');
  return window;
}

function webPreferences(window: FakeBrowserWindow): Record<string, unknown> {
  return window.options.webPreferences as Record<string, unknown>;
}

describe('the shop window', () => {
  beforeEach(() => {
    FakeBrowserWindow.created = [];
  });

  it('is a full-screen kiosk without frame or menu in kiosk mode', () => {
    const window = open(kioskConfig);
    expect(window.options).toMatchObject({
      kiosk: true,
      fullscreen: true,
      frame: false,
      resizable: false,
      movable: false,
      autoHideMenuBar: true,
    });
    expect(window.removeMenu).toHaveBeenCalled();
  });

  it('is a normal resizable window in windowed staff mode', () => {
    const window = open({ ...kioskConfig, mode: 'windowed' });
    expect(window.options).toMatchObject({
      kiosk: false,
      fullscreen: false,
      frame: true,
      resizable: true,
    });
  });

  it.each(['kiosk', 'windowed'] as const)('locks down webPreferences in %s mode', (mode) => {
    const preferences = webPreferences(open({ ...kioskConfig, mode }));
    expect(preferences).toMatchObject({
      preload: '/app/out/preload/index.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
    expect(preferences).not.toHaveProperty('enableBlinkFeatures');
    expect(preferences).not.toHaveProperty('partition');
  });

  it('allows devtools only when asked (staff mode in development)', () => {
    expect(webPreferences(open({ ...kioskConfig, mode: 'windowed' }, true)).devTools).toBe(true);
  });

  it('hands the renderer config to the preload through additionalArguments', () => {
    const args = webPreferences(open(kioskConfig)).additionalArguments as string[];
    expect(decodeRendererConfigArg(args)).toEqual(kioskConfig);
  });

  it('loads the app protocol and shows the window only when ready to show', () => {
    const window = open(kioskConfig);
    expect(window.options.show).toBe(false);
    expect(window.loadURL).toHaveBeenCalledWith('app://shop/index.html');
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledTimes(1);
  });

  it('refuses to close a kiosk window (Alt+F4, window manager) until the app quits', () => {
    let quitting = false;
    const window = open(kioskConfig);
    keepKioskWindowOpen(as<BrowserWindow>(window), () => quitting);
    const altF4 = new FakeEvent();
    window.emit('close', altF4);
    expect(altF4.defaultPrevented).toBe(true);
    quitting = true;
    const staffExit = new FakeEvent();
    window.emit('close', staffExit);
    expect(staffExit.defaultPrevented).toBe(false);
  });

  it('lets the OS close a kiosk window when the session ends', () => {
    const window = open(kioskConfig);
    keepKioskWindowOpen(as<BrowserWindow>(window), () => false);
    window.emit('session-end');
    const shutdown = new FakeEvent();
    window.emit('close', shutdown);
    expect(shutdown.defaultPrevented).toBe(false);
  });
});
