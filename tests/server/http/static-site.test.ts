import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticSite } from '../../../server/http/static-site';

let root: string;
let serve: (request: Request) => Promise<Response>;

const get = (path: string, accept = 'text/html') =>
  serve(new Request(`http://shop.test${path}`, { headers: { Accept: accept } }));

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'static-site-'));
  writeFileSync(join(root, 'index.html'), 'landing');
  mkdirSync(join(root, 'about'));
  writeFileSync(join(root, 'about', 'index.html'), 'about page');
  mkdirSync(join(root, 'assets', 'inner'), { recursive: true });
  writeFileSync(join(root, 'assets', 'inner', 'index.html'), 'not a page');
  writeFileSync(join(root, 'assets', 'app-1.js'), 'code');
  serve = createStaticSite({ root });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the static site', () => {
  it('serves a folder’s own page for its path, with or without the trailing slash', async () => {
    for (const path of ['/about', '/about/']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expect(await response.text()).toBe('about page');
    }
  });

  it('answers other deep links with index.html, for the app’s router', async () => {
    for (const path of ['/', '/product/3', '/cart', '/nowhere/more']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe('landing');
    }
  });

  it('answers a path below a folder’s page with that page (the product page for /product/3)', async () => {
    for (const path of ['/about/more', '/about/more/']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe('about page');
    }
  });

  it('answers a path no page is for with the build’s 404.html, when it has one', async () => {
    writeFileSync(join(root, '404.html'), 'not found page');
    try {
      for (const path of ['/nowhere', '/nowhere/more', '/cart']) {
        const response = await get(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('Content-Type'), path).toMatch(/^text\/html/);
        expect(await response.text(), path).toBe('not found page');
      }
      expect(await (await get('/about/more')).text()).toBe('about page');
      expect(await (await get('/')).text()).toBe('landing');
      expect((await get('/nowhere.png', 'image/*')).status).toBe(404);
      expect(await (await get('/nowhere.png', 'image/*')).text()).toBe('Not found');
    } finally {
      rmSync(join(root, '404.html'));
    }
  });

  it('never serves a page from inside /assets/, and serves its files as they are', async () => {
    expect((await get('/assets/inner')).status).toBe(404);
    expect((await get('/assets/inner/', '*/*')).status).toBe(404);
    const code = await get('/assets/app-1.js', '*/*');
    expect(code.headers.get('Cache-Control')).toContain('immutable');
    expect(await code.text()).toBe('code');
  });
});
