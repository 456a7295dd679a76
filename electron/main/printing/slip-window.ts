/**
 * The hidden window a receipt slip is printed from: no preload, sandboxed, no JavaScript at
 * all, no devtools, and no way to go anywhere (navigation, redirects and new windows are
 * refused, on top of the app-wide rules in security.ts). It shows only the slip main drew
 * (receipt-slip.ts). Options are written inline for Electronegativity, as in window.ts.
 */
import { BrowserWindow } from 'electron';

export function openSlipWindow(): BrowserWindow {
  const window = new BrowserWindow({
    show: false,
    // About an 80 mm roll at 96 dpi; the printer's paper decides the printed width.
    width: 320,
    height: 800,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      javascript: false,
      disableBlinkFeatures: 'Auxclick',
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: false,
    },
  });
  lockSlipContents(window.webContents);
  return window;
}

/** The slip is loaded once by main and never leaves it. */
export function lockSlipContents(
  contents: Pick<Electron.WebContents, 'on' | 'setWindowOpenHandler'>,
): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => {
    event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    event.preventDefault();
  });
}
