/**
 * The app's own origin, `app://shop`. Everything the kiosk trusts (navigation, IPC
 * senders, served files) is checked against it.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'shop';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;
/** Where the embedded catalogue answers on the app's origin: `app://shop/api/products`. */
export const APP_API_PATH = '/api';

/**
 * True only for the app's own origin. Checked by protocol and host because
 * `new URL('app://shop/').origin` is "null" for non-special schemes.
 */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}
