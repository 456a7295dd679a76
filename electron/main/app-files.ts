/**
 * What the app protocol serves: files of the built renderer, never outside its folder,
 * and index.html with the runtime Content-Security-Policy. Pure, no Electron import.
 */
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, normalize, relative } from 'node:path';
import { isAppUrl } from './app-origin';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** Maps a request URL to a file inside `rootDir`, or null for anything that escapes it. */
export function resolveAppFile(rootDir: string, requestUrl: string): string | null {
  if (!isAppUrl(requestUrl)) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(requestUrl).pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const relativePath = pathname === '/' || pathname === '' ? 'index.html' : pathname.slice(1);
  const candidate = normalize(join(rootDir, relativePath));
  const fromRoot = relative(rootDir, candidate);
  if (fromRoot === '' || fromRoot.startsWith('..') || isAbsolute(fromRoot)) return null;
  return candidate;
}

/** The built meta tag holds the build-time catalogue host; the kiosk's may differ. */
export function rewriteCspMeta(html: string, csp: string): string {
  const escaped = csp.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escaped}">`;
  const existing = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>/i;
  if (existing.test(html)) return html.replace(existing, meta);
  return html.replace(/<head([^>]*)>/i, `<head$1>\n    ${meta}`);
}

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export interface AppRequestOptions {
  rootDir: string;
  csp: string;
  readFileImpl?: (path: string) => Promise<Buffer>;
}

export async function handleAppRequest(
  request: Request,
  { rootDir, csp, readFileImpl = readFile }: AppRequestOptions,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405 });
  }
  const filePath = resolveAppFile(rootDir, request.url);
  if (filePath === null) return new Response('Not found', { status: 404 });
  let body: Buffer;
  try {
    body = await readFileImpl(filePath);
  } catch {
    return new Response('Not found', { status: 404 });
  }
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
