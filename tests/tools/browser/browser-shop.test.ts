/** The shop `npm run serve` and the `npm start` fallback run, with its image origin. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWebShop, startBrowserShop } from '../../../tools/browser/browser-shop';

function webBuild(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'browser-shop-')), 'web');
  mkdirSync(dir);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Kiosk Shop</title>');
  return dir;
}

async function firstImage(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/products/1`, { headers: { Host: 'evil.example' } });
  return ((await response.json()) as { image: string }).image;
}

describe('the browser shop (npm run serve)', () => {
  it('builds image URLs from the origin it listens on', async () => {
    const server = await startBrowserShop({ port: 0, staticDir: webBuild() });
    try {
      expect(await firstImage(server.origin)).toBe(`${server.origin}/api/images/1.svg`);
    } finally {
      await server.close();
    }
  });

  it('or from --public-origin, for a shop behind a proxy or on the LAN', async () => {
    const server = await startBrowserShop({
      port: 0,
      staticDir: webBuild(),
      publicOrigin: 'https://shop.example.com',
    });
    try {
      expect(await firstImage(server.origin)).toBe('https://shop.example.com/api/images/1.svg');
    } finally {
      await server.close();
    }
  });
});

describe('the browser shop’s build (npm run serve)', () => {
  it('never replaces a build it did not make unless asked, and says so before building', async () => {
    const dir = webBuild();
    const said: string[] = [];
    await expect(buildWebShop({ dir, say: (line) => said.push(line) })).rejects.toThrow(
      /holds a web build npm run serve did not make.*--rebuild/,
    );
    expect(said).toEqual([]);
  });
});
