/**
 * Serves the built renderer from `app://shop/…` instead of file:// (Electron security
 * checklist item 18): a stable, secure origin for localStorage (the cart survives restarts),
 * a real CSP response header, and the file-protocol privileges fuse can stay off. The
 * embedded catalogue answers on the same origin, at `app://shop/api/…`: same-origin fetches,
 * no port, and image URLs that stay valid from one launch to the next.
 */
import { protocol } from 'electron';
import { APP_SCHEME } from './app-origin';
import { handleAppRequest, type AppRequestOptions } from './app-files';

/** Must run before app `ready`: privileges cannot be granted later. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true },
    },
  ]);
}

export function setupAppProtocol(options: AppRequestOptions): void {
  protocol.handle(APP_SCHEME, (request) => handleAppRequest(request, options));
}
