import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBrowserWindow, FakeEvent } from '../../support/fake-electron';

vi.mock('electron', async () => {
  const fakes = await import('../../support/fake-electron');
  return { BrowserWindow: fakes.FakeBrowserWindow };
});

const { openSlipWindow } = await import('../../../../electron/main/printing/slip-window');

function open(): FakeBrowserWindow {
  openSlipWindow();
  const window = FakeBrowserWindow.created.at(-1);
  if (!window) throw new Error('no window created');
  return window;
}

describe('the window a slip is printed from', () => {
  beforeEach(() => {
    FakeBrowserWindow.created = [];
  });

  it('is hidden, has no preload, runs no script and is sandboxed', () => {
    const window = open();
    expect(window.options.show).toBe(false);
    const preferences = window.options.webPreferences as Record<string, unknown>;
    expect(preferences).not.toHaveProperty('preload');
    expect(preferences).not.toHaveProperty('additionalArguments');
    expect(preferences).toMatchObject({
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
  });

  it('goes nowhere: no navigation, redirect or new window', () => {
    const { webContents } = open();
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      const event = new FakeEvent('app://shop/index.html');
      webContents.emit(name, event);
      expect(event.defaultPrevented, name).toBe(true);
    }
    expect(webContents.windowOpenHandler?.({ url: 'app://shop/' })).toEqual({ action: 'deny' });
  });
});
