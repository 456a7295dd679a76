/**
 * Set on the console's <html> at start. It is in the console's bundle and must be in no
 * shopper bundle: tests/e2e/fleet-console/bundle-separation.spec.ts looks for it there.
 */
export const CONSOLE_MARKER = 'kiosk-shop-fleet-console';
