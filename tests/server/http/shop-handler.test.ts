import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenFetchFor, type RunningServer } from '../../../server/http/listen-fetch';
import { buildWebPagePolicy } from '../../../shared/csp';
import { createShopHandler } from '../../../server/http/shop-handler';
import { getWithForgedHost, sampleProducts } from '../support/fixtures';

const INDEX = '<!doctype html><title>Kiosk Shop</title>';

/** A raw request, so paths like /../ reach the server without client-side normalising. */
function rawGet(
  origin: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the serve script handler (web build + catalogue on one origin)', () => {
  let server: RunningServer;
  let outside: string;
  let site: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-'));
    site = join(dir, 'web');
    mkdirSync(join(site, 'assets'), { recursive: true });
    writeFileSync(join(site, 'index.html'), INDEX);
    writeFileSync(join(site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(site, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(site, 'assets', 'index-abc123.css'), 'body{}');
    outside = 'top secret';
    writeFileSync(join(dir, 'secret.txt'), outside);
    symlinkSync(join(dir, 'secret.txt'), join(site, 'linked.txt'));
    server = await listenFetchFor(
      (origin) =>
        createShopHandler({ staticDir: site, products: sampleProducts, publicOrigin: origin }),
      { port: 0, host: '127.0.0.1' },
    );
  });
  afterAll(() => server.close());

  it('serves index.html for / without caching', async () => {
    const response = await fetch(`${server.origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it.each(['/product/3', '/products', '/cart', '/no/such/route'])(
    'falls back to index.html for the deep link %s',
    async (path) => {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX);
    },
  );

  it('serves hashed assets as immutable with the right content type', async () => {
    const js = await fetch(`${server.origin}/assets/index-abc123.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await fetch(`${server.origin}/assets/index-abc123.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const icon = await fetch(`${server.origin}/favicon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });

  it.each(['/assets/missing.js', '/assets/missing', '/missing.png'])(
    'answers 404 for the missing file %s',
    async (path) => {
      expect((await fetch(`${server.origin}${path}`)).status).toBe(404);
    },
  );

  it('sends the security headers and the shop CSP on pages', async () => {
    const response = await fetch(`${server.origin}/product/3`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toBe(
      `${buildWebPagePolicy('/api')}; frame-ancestors 'none'`,
    );
  });

  it('mounts the catalogue at /api with absolute image URLs', async () => {
    const response = await fetch(`${server.origin}/api/products/3`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { image: string };
    expect(body.image).toBe(`${server.origin}/api/images/3.svg`);
    const missing = await fetch(`${server.origin}/api/products/abc`);
    expect(missing.status).toBe(404);
  });

  it('builds image URLs from the origin it serves on, not from a forged Host header', async () => {
    // A product no earlier test asked for: its answer is not cached yet.
    const body = await getWithForgedHost(`${server.origin}/api/products/2`, 'evil.example');
    expect((JSON.parse(body) as { image: string }).image).toBe(`${server.origin}/api/images/2.svg`);
  });

  it('keeps the locked-down CSP of images', async () => {
    const response = await fetch(`${server.origin}/api/images/1.svg`);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
  });

  it.each([
    '/../secret.txt',
    '/../../../../etc/passwd',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/%00index.html',
    '/linked.txt',
  ])('never serves files outside the web build: %s', async (path) => {
    const response = await rawGet(server.origin, path);
    expect(response.body).not.toContain(outside);
    expect(response.body).not.toContain('root:');
    expect([200, 400, 404]).toContain(response.status);
    if (response.status === 200) expect(response.body).toBe(INDEX);
  });

  it('refuses to modify anything', async () => {
    expect((await fetch(`${server.origin}/index.html`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${server.origin}/api/products`, { method: 'DELETE' })).status).toBe(405);
  });

  it('answers a browser navigation to a dotted deep link with the app', async () => {
    const response = await fetch(`${server.origin}/product/1.5`, {
      headers: { Accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
    expect((await fetch(`${server.origin}/missing.js`)).status).toBe(404);
  });

  it('gzips text for clients that accept it, and only for them', async () => {
    const { hostname, port } = new URL(server.origin);
    const gzipped = await new Promise<{ encoding: unknown; vary: unknown; body: Buffer }>(
      (resolve, reject) => {
        const req = httpRequest(
          { hostname, port, path: '/api/products', headers: { 'Accept-Encoding': 'gzip' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                encoding: res.headers['content-encoding'],
                vary: res.headers.vary,
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(gzipped.encoding).toBe('gzip');
    expect(String(gzipped.vary)).toContain('Accept-Encoding');
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toHaveLength(
      sampleProducts.length,
    );
    const plain = await rawGet(server.origin, '/api/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a hashed asset once, as a static host keeps its gzip', async () => {
    const gzipOf = async (path: string): Promise<Buffer> => {
      const { hostname, port } = new URL(server.origin);
      return new Promise((resolve, reject) => {
        const req = httpRequest(
          { hostname, port, path, headers: { 'Accept-Encoding': 'gzip' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve(Buffer.concat(chunks)));
          },
        );
        req.on('error', reject);
        req.end();
      });
    };
    const first = await gzipOf('/assets/index-abc123.js');
    // Its name is its content's hash, so new bytes under it are not seen: the kept gzip is.
    writeFileSync(join(site, 'assets', 'index-abc123.js'), 'console.log(2)');
    const second = await gzipOf('/assets/index-abc123.js');
    expect(gunzipSync(second).toString('utf8')).toBe('console.log(1)');
    expect(second.equals(first)).toBe(true);
    // index.html is revalidated, never kept.
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>New</title>');
    expect(gunzipSync(await gzipOf('/')).toString('utf8')).toContain('New');
    writeFileSync(join(site, 'index.html'), INDEX);
    writeFileSync(join(site, 'assets', 'index-abc123.js'), 'console.log(1)');
  });
});
