import { extname, resolve } from 'node:path';
import { contentTypeFor, readFileInside, resolveInside } from './static-files';

const HTML = contentTypeFor('index.html');
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface StaticSiteOptions {
  /** The built site, e.g. out/web. */
  root: string;
}

const text = (status: number, body: string, headers: Record<string, string> = {}): Response =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });

/**
 * Serves a single-page app: real files as they are, a folder's index.html for its path
 * (/about, /about/: the first screens the web build writes). Other extension-less paths
 * and navigations are the app's: the page of the folder above when the build wrote one
 * (/product/3 gets product/index.html, the product page's first screen), else the build's
 * 404.html (the not-found screen) when it has one, else index.html. Each with status 200, as
 * the app's deep links always were: the router decides what a path is, and a 404 status for
 * the page itself would be an error in every visitor's console. Hashed /assets/ never fall
 * back; anything else is a plain 404.
 */
export function createStaticSite({
  root,
}: StaticSiteOptions): (request: Request) => Promise<Response> {
  const siteRoot = resolve(root);
  const index = resolve(siteRoot, 'index.html');

  const page = (method: string, html: Buffer): Response =>
    new Response(method === 'HEAD' ? null : new Uint8Array(html), {
      status: 200,
      headers: { 'Content-Type': HTML, 'Cache-Control': 'no-cache' },
    });

  const serveIndex = async (method: string): Promise<Response> => {
    const html = await readFileInside(siteRoot, index);
    if (!html) return text(404, 'Not found: the web build has no index.html');
    return page(method, html);
  };

  return async (request) => {
    const { method } = request;
    if (method !== 'GET' && method !== 'HEAD') {
      return text(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    }
    const { pathname } = new URL(request.url);
    const file = resolveInside(siteRoot, pathname);
    if (file === null) return text(400, 'Bad request');
    if (file === siteRoot || file === index) return serveIndex(method);

    const body = await readFileInside(siteRoot, file);
    if (body) {
      const ext = extname(file).toLowerCase();
      const isAsset = pathname.startsWith('/assets/');
      return new Response(method === 'HEAD' ? null : new Uint8Array(body), {
        status: 200,
        headers: {
          'Content-Type': contentTypeFor(file),
          // The page and the service worker are revalidated, so a new build is seen at once.
          'Cache-Control': isAsset
            ? IMMUTABLE
            : ext === '.html' || pathname === '/sw.js'
              ? 'no-cache'
              : 'public, max-age=3600',
        },
      });
    }
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    // A folder's own page: a first screen the build wrote (about/index.html for /about).
    if (!pathname.startsWith('/assets/') && !lastSegment.includes('.')) {
      const own = await readFileInside(siteRoot, resolve(file, 'index.html'));
      if (own) return page(method, own);
    }
    // Deep links are the app's business (/product/1.5 must reach the router and show its
    // error): a browser navigation, or any path without a file extension, gets a page.
    const isNavigation = (request.headers.get('Accept') ?? '').includes('text/html');
    if (!pathname.startsWith('/assets/') && (isNavigation || !lastSegment.includes('.'))) {
      const above = resolve(file, '..');
      const aboves =
        above === siteRoot ? null : await readFileInside(siteRoot, resolve(above, 'index.html'));
      if (aboves) return page(method, aboves);
      const notFound = await readFileInside(siteRoot, resolve(siteRoot, '404.html'));
      if (notFound) return page(method, notFound);
      return serveIndex(method);
    }
    return text(404, 'Not found');
  };
}
