/**
 * The web shop's security headers come from one module: npm run serve sends exactly them,
 * and the nginx example of docs/web/deploy.md is exactly its output, included in every location.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenFetchFor, type RunningServer } from '../../../server/http/listen-fetch';
import {
  nginxHeaderLines,
  serviceWorkerSecurityHeaders,
  webSecurityHeaders,
} from '../../../server/http/security-headers';
import { buildServiceWorkerPolicy } from '../../../shared/csp';
import { createShopHandler } from '../../../server/http/shop-handler';
import { buildWebPagePolicy } from '../../../shared/csp';
import { sampleProducts } from '../support/fixtures';

const DEPLOY_DOC = 'docs/web/deploy.md';
const deployDoc = readFileSync(join(process.cwd(), DEPLOY_DOC), 'utf8');
const nginxBlocks = [...deployDoc.matchAll(/```nginx\n([\s\S]*?)```/g)].map(
  (match) => match[1] ?? '',
);
const SNIPPET = '/etc/nginx/snippets/kiosk-shop-headers.conf';
const WORKER_SNIPPET = '/etc/nginx/snippets/kiosk-shop-worker-headers.conf';
/** The catalogue the deploy page's example builds with. */
const DOC_CATALOGUE = 'https://catalogue.example.com';

function snippetBlock(snippet = SNIPPET): string {
  const block = nginxBlocks.find((text) => text.startsWith(`# ${snippet}\n`));
  if (!block) throw new Error(`${DEPLOY_DOC}: no nginx block starting with "# ${snippet}"`);
  return block;
}

describe('the security headers', () => {
  it('forbid framing and sniffing, on top of the build’s own policy', () => {
    const headers = webSecurityHeaders(DOC_CATALOGUE);
    expect(headers['Content-Security-Policy']).toBe(
      `${buildWebPagePolicy(DOC_CATALOGUE)}; frame-ancestors 'none'`,
    );
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['X-Frame-Options']).toBe('DENY');
  });

  it('are the deploy page’s nginx snippet, line for line', () => {
    const lines = snippetBlock().trim().split('\n').slice(1);
    expect(lines).toEqual(nginxHeaderLines(webSecurityHeaders(DOC_CATALOGUE)));
    expect(deployDoc).toContain(`VITE_CATALOGUE_URL=${DOC_CATALOGUE}`);
  });

  it('give the service worker its own policy, which may fetch https images and nothing else new', () => {
    const headers = serviceWorkerSecurityHeaders(DOC_CATALOGUE);
    expect(headers['Content-Security-Policy']).toBe(buildServiceWorkerPolicy(DOC_CATALOGUE));
    expect(headers['Content-Security-Policy']).toBe(
      "default-src 'none'; connect-src 'self' https:",
    );
    const lines = snippetBlock(WORKER_SNIPPET).trim().split('\n').slice(1);
    expect(lines).toEqual(nginxHeaderLines(headers));
  });

  it('reach every location of the deploy page’s server block, which sets no header of its own', () => {
    const server = nginxBlocks.find((text) => text.startsWith('server {'));
    if (!server) throw new Error(`${DEPLOY_DOC}: no nginx server block`);
    const locations = [...server.matchAll(/location ([^{]+)\{([^}]*)\}/g)].map((m) => ({
      path: (m[1] ?? '').trim(),
      body: m[2] ?? '',
    }));
    expect(locations.length).toBeGreaterThanOrEqual(3);
    for (const { path, body } of locations) {
      const snippet = path === '= /sw.js' ? 'kiosk-shop-worker-headers' : 'kiosk-shop-headers';
      expect(body, path).toContain(`include snippets/${snippet}.conf;`);
    }
    for (const name of Object.keys(webSecurityHeaders(DOC_CATALOGUE))) {
      expect(server).not.toContain(`add_header ${name}`);
    }
  });

  it('cannot be written into nginx with a double quote in a value', () => {
    expect(() => nginxHeaderLines({ 'X-Test': 'a"b' })).toThrow(/double quote/);
  });
});

describe('npm run serve', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const site = join(mkdtempSync(join(tmpdir(), 'shop-headers-')), 'web');
    mkdirSync(join(site, 'assets'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Kiosk Shop</title>');
    writeFileSync(join(site, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(site, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    server = await listenFetchFor(
      (origin) =>
        createShopHandler({ staticDir: site, products: sampleProducts, publicOrigin: origin }),
      { port: 0, host: '127.0.0.1' },
    );
  });
  afterAll(() => server.close());

  it.each(['/', '/product/3', '/assets/index-abc.js', '/assets/missing.js', '/api/products'])(
    'sends the same headers on %s',
    async (path) => {
      const response = await fetch(`${server.origin}${path}`);
      for (const [name, value] of Object.entries(webSecurityHeaders('/api'))) {
        expect(response.headers.get(name), name).toBe(value);
      }
    },
  );

  it('sends the service worker its own policy, revalidated on every visit', async () => {
    const response = await fetch(`${server.origin}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    for (const [name, value] of Object.entries(serviceWorkerSecurityHeaders('/api'))) {
      expect(response.headers.get(name), name).toBe(value);
    }
  });
});
