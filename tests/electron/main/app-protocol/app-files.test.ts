import { existsSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  handleAppRequest,
  isApiUrl,
  kioskContentSecurityPolicy,
  resolveAppFile,
  rewriteCspMeta,
} from '../../../../electron/main/app-protocol/app-files';
import { buildContentSecurityPolicy } from '../../../../shared/csp';

/**
 * <base>/renderer is the app's folder; the secret sits in <base>, exactly where a resolver
 * without the guard would land on `/../kiosk-secret.txt`. On Windows a backslash is a
 * separator too; elsewhere `..\kiosk-secret.txt` is a plain file name, so a copy of the
 * secret by that name inside the folder is what an unguarded resolver would serve there.
 */
const base = mkdtempSync(join(tmpdir(), 'kiosk-protocol-'));
const root = join(base, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(
  join(root, 'index.html'),
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; connect-src 'self' https://fakestoreapi.com"><script type="module" src="./assets/index.js"></script></head><body></body></html>`,
);
writeFileSync(join(root, 'assets', 'index.js'), 'console.log("shop")');
const SECRET = 'secret outside the renderer';
writeFileSync(join(base, 'kiosk-secret.txt'), SECRET);
if (sep === '/') {
  writeFileSync(join(root, '..\\kiosk-secret.txt'), SECRET);
  writeFileSync(join(root, 'assets', '..\\..\\kiosk-secret.txt'), SECRET);
}

/** Where a resolver that only decodes and joins, with no guard, would read the file. */
function unguardedPath(url: string): string {
  return resolve(root, `.${decodeURIComponent(new URL(url).pathname)}`);
}

const csp = buildContentSecurityPolicy('http://127.0.0.1:4555');

function get(url: string): Promise<Response> {
  return handleAppRequest(new Request(url), { rootDir: root, csp });
}

describe('the app:// protocol', () => {
  it('serves index.html with the runtime CSP as header and as rewritten meta tag', async () => {
    const response = await get('app://shop/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(csp);
    const html = await response.text();
    expect(html).toContain('http://127.0.0.1:4555');
    expect(html).not.toContain('fakestoreapi.com');
    expect(html.match(/Content-Security-Policy/g)).toHaveLength(1);
  });

  it('serves / as index.html and assets with their type', async () => {
    expect((await get('app://shop/')).status).toBe(200);
    const script = await get('app://shop/assets/index.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log("shop")');
  });

  it.each([
    'app://shop/..%2fkiosk-secret.txt',
    'app://shop/%2e%2e%2fkiosk-secret.txt',
    'app://shop/.%2E%2fkiosk-secret.txt',
    'app://shop/assets/%2e%2e%2f%2e%2e%2fkiosk-secret.txt',
    'app://shop/assets/..%2F..%2Fkiosk-secret.txt',
    'app://shop/..%5ckiosk-secret.txt',
    'app://shop/assets/..%5c..%5ckiosk-secret.txt',
  ])('refuses %s, which reaches the guard with the secret in reach', async (url) => {
    // The premise: without the guard this URL would be served the secret.
    expect(readFileSync(unguardedPath(url), 'utf8')).toBe(SECRET);
    // The path guard refuses it; reading re-checks the real path as a second line.
    expect(resolveAppFile(root, url)).toBeNull();
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(SECRET);
  });

  it.each(['app://shop/../kiosk-secret.txt', 'app://shop/%2e%2e/kiosk-secret.txt'])(
    'never even sees %s as a way out: the URL parser removes the dot segment first',
    async (url) => {
      expect(new URL(url).pathname).toBe('/kiosk-secret.txt');
      expect(existsSync(join(root, 'kiosk-secret.txt'))).toBe(false);
      expect((await get(url)).status).toBe(404);
    },
  );

  it.each(['app://other/index.html', 'app://shop/missing.js'])(
    'answers 404 for %s',
    async (url) => {
      expect((await get(url)).status).toBe(404);
    },
  );

  it('never resolves a path outside the renderer folder', () => {
    expect(resolveAppFile(root, 'app://shop/assets/%2e%2e%2f%2e%2e%2fetc/passwd')).toBeNull();
    expect(resolveAppFile(root, 'app://shop/a%00b')).toBeNull();
    expect(resolveAppFile(root, 'app://shop/assets/index.js')).toBe(
      join(root, 'assets', 'index.js'),
    );
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await handleAppRequest(
      new Request('app://shop/index.html', { method: 'POST' }),
      {
        rootDir: root,
        csp,
      },
    );
    expect(response.status).toBe(405);
  });

  it('hands app://shop/api and everything under it to the embedded catalogue, and nothing else', async () => {
    const seen: string[] = [];
    const api = (request: Request) => {
      seen.push(request.url);
      return Response.json({ from: 'catalogue' });
    };
    const fetchApp = (url: string) =>
      handleAppRequest(new Request(url), { rootDir: root, csp, api });
    for (const url of [
      'app://shop/api',
      'app://shop/api/products',
      'app://shop/api/images/1.svg',
    ]) {
      expect(await (await fetchApp(url)).json()).toEqual({ from: 'catalogue' });
    }
    for (const url of ['app://shop/apix/products', 'app://other/api/products', 'app://shop/']) {
      await fetchApp(url);
    }
    expect(seen).toEqual([
      'app://shop/api',
      'app://shop/api/products',
      'app://shop/api/images/1.svg',
    ]);
    expect(isApiUrl('app://shop/%61pi/products')).toBe(false);
  });

  it('answers /api with 404 when the kiosk uses a configured catalogue host', async () => {
    writeFileSync(join(root, 'api'), 'a file named like the API is still not served');
    for (const url of ['app://shop/api', 'app://shop/api/products']) {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not found');
    }
  });

  it('gives the kiosk with its embedded catalogue a policy that names no other origin', () => {
    const policy = kioskContentSecurityPolicy('/api');
    expect(policy).toContain('script-src app://shop/assets/;');
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("img-src 'self' data: https:;");
    // The espeak-ng voice's WAVs play from blob: URLs; nothing else plays.
    expect(policy).toContain('media-src blob:;');
    expect(policy).not.toMatch(/http:|127\.0\.0\.1|unsafe-/);
    expect(kioskContentSecurityPolicy('https://shop.example.com/api')).toContain(
      "connect-src 'self' https://shop.example.com;",
    );
  });

  it('inserts a CSP meta tag when the page has none', () => {
    expect(
      rewriteCspMeta('<html><head><title>x</title></head></html>', "default-src 'none'"),
    ).toContain(
      `<head>\n    <meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;">`,
    );
  });
});
