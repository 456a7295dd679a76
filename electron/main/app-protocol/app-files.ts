/**
 * What the app protocol serves: files of the built renderer, never outside its folder
 * (the shop's one static-file module decides that), index.html with the runtime
 * Content-Security-Policy, and under `/api` the embedded catalogue when the kiosk uses it.
 * No Electron import, so it is tested over plain Requests.
 */
import { resolve } from 'node:path';
import type { FetchHandler } from '../../../server/http/listen-fetch';
import { contentTypeFor, readFileInside, resolveInside } from '../../../server/http/static-files';
import { buildContentSecurityPolicy } from '../../../shared/csp';
import { APP_API_PATH, APP_ORIGIN, isAppUrl } from './app-origin';

/**
 * The kiosk's Content-Security-Policy for its catalogue: the shop's, with scripts only from
 * the build's assets folder on the app's origin. With the embedded catalogue (`/api`) it
 * names no other origin at all.
 */
export function kioskContentSecurityPolicy(catalogueUrl: string): string {
  return buildContentSecurityPolicy(catalogueUrl, {
    scriptSource: `${APP_ORIGIN}/assets/`,
    // The espeak-ng voice's WAVs, played from blob: URLs the page makes of main's bytes.
    mediaSource: 'blob:',
  });
}

/** Maps an app:// URL to a file inside `rootDir` (`/` is index.html), or null. */
export function resolveAppFile(rootDir: string, requestUrl: string): string | null {
  if (!isAppUrl(requestUrl)) return null;
  const file = resolveInside(rootDir, new URL(requestUrl).pathname);
  if (file === null) return null;
  return file === resolve(rootDir) ? resolve(rootDir, 'index.html') : file;
}

/** The built meta tag holds the build-time catalogue host; the kiosk's may differ. */
export function rewriteCspMeta(html: string, csp: string): string {
  const escaped = csp.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escaped}">`;
  const existing = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>/i;
  if (existing.test(html)) return html.replace(existing, meta);
  return html.replace(/<head([^>]*)>/i, `<head$1>\n    ${meta}`);
}

export interface AppRequestOptions {
  rootDir: string;
  csp: string;
  /** The embedded catalogue (a Request → Response handler); null when a host is configured. */
  api?: FetchHandler | null;
}

/** `app://shop/api` and everything under it: the catalogue's, never a file of the renderer. */
export function isApiUrl(requestUrl: string): boolean {
  if (!isAppUrl(requestUrl)) return false;
  const { pathname } = new URL(requestUrl);
  return pathname === APP_API_PATH || pathname.startsWith(`${APP_API_PATH}/`);
}

export async function handleAppRequest(
  request: Request,
  { rootDir, csp, api = null }: AppRequestOptions,
): Promise<Response> {
  if (isApiUrl(request.url)) {
    return api ? api(request) : new Response('Not found', { status: 404 });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405 });
  }
  const filePath = resolveAppFile(rootDir, request.url);
  const body = filePath === null ? null : await readFileInside(rootDir, filePath);
  if (filePath === null || body === null) return new Response('Not found', { status: 404 });
  const headers = new Headers({
    'Content-Type': contentTypeFor(filePath),
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  });
  if (filePath.endsWith('.html')) {
    return new Response(rewriteCspMeta(body.toString('utf8'), csp), { headers });
  }
  return new Response(new Uint8Array(body), { headers });
}
