/** The console's loopback server over real HTTP: presets, catalogue, page, headers, Host check. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleServer } from '../../../tools/fleet-demo/fleet-console-server';
import type { RunningServer } from '../../../server/http/listen-fetch';

let dir: string;
let server: RunningServer;
const presets = {
  brokerUrl: 'ws://127.0.0.1:9001',
  username: 'operator',
  password: 'secret',
  topicPrefix: 'kiosk-shop',
  catalogueUrl: '/api',
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-server-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
  server = await startConsoleServer({ port: 0, staticDir: dir, presets });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** GET with a chosen Host header (fetch will not let a caller set one). */
function get(path: string, host = `127.0.0.1:${server.port}`) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path, headers: { Host: host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the fleet console server', () => {
  it('listens on loopback only', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the presets, never cached', async () => {
    const response = await get('/fleet-console.json');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual(presets);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('serves the page with the console’s policy and no framing', async () => {
    const response = await get('/');
    expect(response.body).toContain('<title>console</title>');
    expect(response.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the demo catalogue at /api for product titles', async () => {
    const response = await get('/api/products/1');
    expect(response.status).toBe(200);
    const product = JSON.parse(response.body) as { id: unknown; title: unknown };
    expect(product.id).toBe(1);
    expect(typeof product.title).toBe('string');
  });

  it('says it is no shop service where the page would call one on its own origin', async () => {
    for (const path of ['/auth/me', '/certificates', '/receipts/check']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body)).toMatchObject({ error: 'not-found' });
    }
  });

  it('answers nothing to another host name (a DNS rebinding page gets no password)', async () => {
    for (const path of ['/fleet-console.json', '/', '/api/products']) {
      const response = await get(path, `attacker.example:${server.port}`);
      expect(response.status).toBe(421);
      expect(response.body).not.toContain('secret');
    }
    expect((await get('/fleet-console.json', `localhost:${server.port}`)).status).toBe(200);
  });
});
