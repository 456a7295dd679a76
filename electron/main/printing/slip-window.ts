/**
 * The hidden window a receipt slip is printed from: no preload, sandboxed, no JavaScript at
 * all, no devtools, and no way to go anywhere (navigation, redirects and new windows are
 * refused, on top of the app-wide rules in security.ts). It shows only the slip main drew
 * (receipt-slip.ts). Its webPreferences are the kiosk's one locked-down set (window.ts).
 */
import type { BrowserWindow } from 'electron';
import { openLockedWindow } from '../window';

export function openSlipWindow(): BrowserWindow {
  const window = openLockedWindow({
    window: {
      show: false,
      // About an 80 mm roll at 96 dpi; the printer's paper decides the printed width.
      width: 320,
      height: 800,
    },
    javascript: false,
    devTools: false,
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
