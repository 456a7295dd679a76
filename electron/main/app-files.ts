/**
 * What the app protocol serves: files of the built renderer, never outside its folder
 * (the shop's one static-file module decides that), and index.html with the runtime
 * Content-Security-Policy. No Electron import, so it is tested over plain Requests.
 */
import { resolve } from 'node:path';
import { contentTypeFor, readFileInside, resolveInside } from '../../server/http/static-files';
import { isAppUrl } from './app-origin';

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
}

export async function handleAppRequest(
  request: Request,
  { rootDir, csp }: AppRequestOptions,
): Promise<Response> {
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
