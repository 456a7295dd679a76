/**
 * What stands in for the Electron preload when the kiosk renderer runs in a browser: a
 * script served beside the page, run before its entry, that sets `window.kiosk` to the
 * kiosk half of the bridge (shared/bridge.ts KioskBridge) with the config the launcher
 * resolved. The page then takes the kiosk's path (src/platform/capabilities.ts) exactly as
 * under Electron: attract screen, idle reset, on-screen keyboard, accessibility and speech,
 * the receipt with its totals. What only main can do is absent, and the page already
 * checks for each such part: no receipt signing (the QR shows the plain receipt id), no
 * staff exit chord (nothing to quit), printing through the browser's own print.
 */
import type { RendererConfig } from '../../shared/bridge';

/** Where the page asks for the stand-in, on the preview's own origin. */
export const STAND_IN_BRIDGE_PATH = '/kiosk-bridge.js';

export function standInBridgeScript(config: RendererConfig): string {
  // JSON is a JavaScript expression; `<` is escaped so no text can end a script element.
  const literal = JSON.stringify(config).replaceAll('<', '\\u003c');
  return `"use strict";
(() => {
  const config = Object.freeze(${literal});
  window.kiosk = Object.freeze({
    getConfig: () => config,
    onStaffExitRequested: () => () => undefined,
    submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
    printReceipt: () => {
      window.print();
      return Promise.resolve({ ok: true });
    },
  });
})();
`;
}
