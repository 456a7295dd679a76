/**
 * The operator's console page, served by the service itself when it has been built
 * (out/console: `npm run fleet` builds it, or `npx vite build --config vite.console.config.mts`),
 * so that a counter opens the service's own address and calls its own origin: no CORS, and
 * the session cookie stays first-party. The same build holds the pick screen and the ready
 * board, served at `/pick` and `/board`, and the manager's settings at `/settings` (PAGES). GET and HEAD only; the API's routes come first, so
 * no file can stand in for an endpoint. `/fleet-console.json` gives the page what it starts
 * with: this fleet, the enrolment key the service checks with, the hold window, and that the
 * service is the page's own origin.
 *
 * Files are read from the folder only (a path that leaves it is refused), typed by their
 * extension and never sniffed; the page gets the console's own Content-Security-Policy.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import { buildConsoleContentSecurityPolicy } from '../../../shared/console-csp';
import type { TrustSettings } from '../trust/trust-settings';
import { DAY_MS } from '../trust/trust-settings';
import type { ShopEnv } from './shop-env';

export const CONSOLE_PRESETS_PATH = '/fleet-console.json';

/** The pages of the console's build served under a path of their own. */
export const PAGES: Readonly<Record<string, string>> = {
  '/pick': '/pick.html',
  '/board': '/board.html',
  '/settings': '/settings.html',
};

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The page's own headers; the service's (nosniff, no-referrer) are added to every answer. */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': `${buildConsoleContentSecurityPolicy()}; frame-ancestors 'none'`,
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The staff's screens' (PAGES): the console's, without its data: images. */
export const STAFF_SCREEN_HEADERS: Readonly<Record<string, string>> = {
  ...CONSOLE_HEADERS,
  'Content-Security-Policy': `${buildConsoleContentSecurityPolicy('staff-screen')}; frame-ancestors 'none'`,
};

const STAFF_SCREEN_FILES = new Set(Object.values(PAGES));

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The file a URL path names inside `root`, or null when it would leave it (or is odd). */
export function fileInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..')) {
    return null;
  }
  const file = resolve(root, `.${decoded === '/' ? '/index.html' : decoded}`);
  return file.startsWith(`${root}${sep}`) ? file : null;
}

async function readRegularFile(file: string): Promise<Buffer | null> {
  try {
    return (await stat(file)).isFile() ? await readFile(file) : null;
  } catch {
    return null;
  }
}

/** What the page starts with (the console's settings presets). */
export function consolePresets(trust: TrustSettings): Record<string, string> {
  return {
    topicPrefix: trust.prefix,
    enrolmentPublicKey: trust.enrolmentKey,
    holdDays: String(Math.round(trust.holdMs / DAY_MS)),
    // The page's own origin: this service.
    shopServiceUrl: '',
  };
}

export function consoleSite(dir: string, trust: TrustSettings): Hono<ShopEnv> {
  const root = resolve(dir);
  const presets = JSON.stringify(consolePresets(trust));
  const site = new Hono<ShopEnv>();

  site.get(CONSOLE_PRESETS_PATH, (c) => c.json(JSON.parse(presets) as unknown));

  site.get('*', async (c, next) => {
    const served = PAGES[c.req.path] ?? c.req.path;
    const file = fileInside(root, served);
    const body = file === null ? null : await readRegularFile(file);
    if (file === null || body === null) {
      if (c.req.path === '/') {
        return c.json(
          {
            error: 'console-not-built',
            message:
              'The console is not built: run `npm run fleet` once, or `npx vite build --config vite.console.config.mts`, then reload.',
          },
          404,
        );
      }
      await next();
      return;
    }
    const asset = c.req.path.startsWith('/assets/');
    const headers: Record<string, string> = {
      ...(STAFF_SCREEN_FILES.has(served) ? STAFF_SCREEN_HEADERS : CONSOLE_HEADERS),
      'Content-Type': contentTypeOf(file),
      // Hashed assets never change; the page is revalidated so a new build is seen at once.
      'Cache-Control': asset ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    // Hono answers HEAD with this GET's headers and no body.
    return c.body(new Uint8Array(body), 200, headers);
  });
  return site;
}
