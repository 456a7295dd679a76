/**
 * The built console served by the service: its files typed by extension with the console's
 * own policy, its presets naming this fleet and this service, nothing outside the folder,
 * and the API's answers untouched (an endpoint is never a file).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsoleContentSecurityPolicy } from '../../../../shared/console-csp';
import {
  CONSOLE_PRESETS_PATH,
  consoleSite,
  contentTypeOf,
  fileInside,
} from '../../../../services/shop/http/console-site';
import { createShopApp } from '../../../../services/shop/http/shop-app';
import { makeWorld, openShop, type TestShop } from '../support/shop-world';

const world = makeWorld(1);
const root = mkdtempSync(join(tmpdir(), 'console-site-'));
const empty = mkdtempSync(join(tmpdir(), 'console-unbuilt-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Fleet console</title>');
writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(root, 'assets', 'index-abc123.css'), 'body{}');
writeFileSync(join(root, 'pick.html'), '<!doctype html><title>Pick screen</title>');
writeFileSync(join(root, 'board.html'), '<!doctype html><title>Orders</title>');
writeFileSync(join(root, 'favicon.ico'), new Uint8Array([0, 0, 1, 0]));
writeFileSync(join(tmpdir(), 'outside-the-console.txt'), 'secret');

let shop: TestShop;
beforeAll(async () => {
  shop = await openShop(world);
}, 120_000);
afterAll(async () => {
  await shop.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

const site = consoleSite(root, world.trust);

describe('the console the service serves', () => {
  it('serves the page at / and its files, each with its type and the console’s policy', async () => {
    const page = await site.request('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toBe(
      `${buildConsoleContentSecurityPolicy()}; frame-ancestors 'none'`,
    );
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(await page.text()).toContain('Fleet console');
    const script = await site.request('/assets/index-abc123.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await site.request('/assets/index-abc123.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    expect((await site.request('/favicon.ico')).headers.get('content-type')).toBe('image/x-icon');
    expect(contentTypeOf('x.unknown')).toBe('application/octet-stream');
  });

  it('serves the pick screen at /pick and the ready board at /board, with the staff screens’ policy', async () => {
    for (const [path, title] of [
      ['/pick', 'Pick screen'],
      ['/board', 'Orders'],
      ['/pick.html', 'Pick screen'],
    ] as const) {
      const page = await site.request(path);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`<title>${title}</title>`);
      const policy = page.headers.get('content-security-policy');
      expect(policy).toBe(
        `${buildConsoleContentSecurityPolicy('staff-screen')}; frame-ancestors 'none'`,
      );
      // A line's picture from the service or an https catalogue; never http, never data:.
      expect(policy).toContain("img-src 'self' https:;");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(buildConsoleContentSecurityPolicy()).toContain("img-src 'self' data: https:;");
  });

  it('gives the page this fleet, the key the service checks with and itself as the service', async () => {
    const presets = await site.request(CONSOLE_PRESETS_PATH);
    expect(await presets.json()).toEqual({
      topicPrefix: world.trust.prefix,
      enrolmentPublicKey: world.trust.enrolmentKey,
      holdDays: '14',
      shopServiceUrl: '',
    });
  });

  it('never reads outside its folder', async () => {
    for (const path of [
      '/../outside-the-console.txt',
      '/%2e%2e/outside-the-console.txt',
      '/assets/..%2f..%2foutside-the-console.txt',
      '/%00index.html',
      '/assets%5c..%5c..%5coutside-the-console.txt',
    ]) {
      expect(fileInside(root, path), path).toBeNull();
    }
    expect(fileInside(root, '/')).toBe(join(root, 'index.html'));
    const app = createShopApp(shop.services, { consoleDir: root });
    for (const path of ['/%2e%2e/outside-the-console.txt', '/assets', '/nothing-here.js']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('secret');
    }
  });

  it('leaves the API as it was: JSON, never cached, under the strict policy', async () => {
    const app = createShopApp(shop.services, { consoleDir: root });
    const health = await app.request('/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(health.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect((await app.request('/handovers')).status).toBe(401);
    const page = await app.request('/');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('says how to build the console when there is none, and serves nothing without a folder', async () => {
    const unbuilt = createShopApp(shop.services, { consoleDir: empty });
    const page = await unbuilt.request('/');
    expect(page.status).toBe(404);
    expect(await page.json()).toMatchObject({ error: 'console-not-built' });
    const none = await createShopApp(shop.services).request('/');
    expect(await none.json()).toMatchObject({ error: 'not-found' });
  });
});
