import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  fetchThroughImageCache,
  ImageCache,
  imageKey,
  type ImageCacheOptions,
} from '../../../electron/main/image-cache';

const DAY = 24 * 60 * 60_000;

function svg(label: string): Response {
  return new Response(`<svg xmlns="http://www.w3.org/2000/svg"><title>${label}</title></svg>`, {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' },
  });
}

/** A network that serves each image URL with its own body, and can go away. */
function network() {
  const state = { down: false, calls: [] as string[] };
  const fetch = vi.fn((request: Request) => {
    state.calls.push(request.url);
    if (state.down) return Promise.reject(new TypeError('Failed to fetch'));
    if (request.url.endsWith('/products')) {
      return Promise.resolve(Response.json([{ id: 1 }]));
    }
    return Promise.resolve(svg(new URL(request.url).pathname));
  });
  return { state, fetch };
}

async function openCache(dir: string, overrides: Partial<ImageCacheOptions> = {}) {
  let now = 1_000_000;
  const cache = await ImageCache.open({
    dir,
    maxBytes: 1024 * 1024,
    maxAgeMs: DAY,
    dropAfterMs: 30 * DAY,
    now: () => now,
    ...overrides,
  });
  return { cache, advance: (ms: number) => (now += ms) };
}

const get = (url: string) => new Request(url);
const text = (response: Response) => response.text();

describe('the kiosk image cache', () => {
  it('keeps an image on first sight and serves it without the network while fresh', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache } = await openCache(dir);
    const net = network();
    const url = 'https://cdn.example/images/1.png';
    const first = await fetchThroughImageCache(get(url), { cache, fetch: net.fetch });
    expect(await text(first)).toContain('/images/1.png');
    const second = await fetchThroughImageCache(get(url), { cache, fetch: net.fetch });
    expect(second.headers.get('X-Kiosk-Image-Cache')).toBe('hit');
    expect(await text(second)).toContain('/images/1.png');
    expect(net.state.calls).toEqual([url]);
  });

  it('never serves one product’s image for another', async () => {
    const { cache } = await openCache(mkdtempSync(join(tmpdir(), 'image-cache-')));
    const net = network();
    for (const id of [1, 2, 3]) {
      await fetchThroughImageCache(get(`https://cdn.example/images/${id}.png`), {
        cache,
        fetch: net.fetch,
      });
    }
    net.state.down = true;
    for (const id of [3, 1, 2]) {
      const response = await fetchThroughImageCache(get(`https://cdn.example/images/${id}.png`), {
        cache,
        fetch: net.fetch,
      });
      expect(await text(response)).toContain(`/images/${id}.png`);
    }
  });

  it('shows the images offline after a restart (a new cache on the same folder)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const before = await openCache(dir);
    const net = network();
    const url = 'http://127.0.0.1:4555/images/7.svg';
    await fetchThroughImageCache(get(url), { cache: before.cache, fetch: net.fetch });
    const after = await openCache(dir);
    net.state.down = true;
    const response = await fetchThroughImageCache(get(url), {
      cache: after.cache,
      fetch: net.fetch,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(await text(response)).toContain('/images/7.svg');
  });

  it('passes everything but images through untouched and keeps none of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache } = await openCache(dir);
    const net = network();
    const url = 'https://shop.example/api/products';
    const response = await fetchThroughImageCache(get(url), { cache, fetch: net.fetch });
    expect(await response.json()).toEqual([{ id: 1 }]);
    await fetchThroughImageCache(get(url), { cache, fetch: net.fetch });
    expect(net.state.calls).toEqual([url, url]);
    expect(cache.size.images).toBe(0);
    net.state.down = true;
    await expect(fetchThroughImageCache(get(url), { cache, fetch: net.fetch })).rejects.toThrow(
      'Failed to fetch',
    );
    const post = new Request('https://shop.example/api/x', { method: 'POST', body: '{}' });
    net.state.down = false;
    await fetchThroughImageCache(post, { cache, fetch: net.fetch });
    expect(cache.size.images).toBe(0);
  });

  it('keeps no failed answer', async () => {
    const { cache } = await openCache(mkdtempSync(join(tmpdir(), 'image-cache-')));
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response('gone', { status: 404, headers: { 'Content-Type': 'image/png' } }),
      ),
    );
    const response = await fetchThroughImageCache(get('https://cdn.example/x.png'), {
      cache,
      fetch,
    });
    expect(response.status).toBe(404);
    expect(cache.size.images).toBe(0);
  });

  it('refreshes an image older than its expiry when online, and serves the stale copy offline', async () => {
    const { cache, advance } = await openCache(mkdtempSync(join(tmpdir(), 'image-cache-')));
    const net = network();
    const url = 'https://cdn.example/images/9.png';
    await fetchThroughImageCache(get(url), { cache, fetch: net.fetch });
    advance(DAY + 1);
    await fetchThroughImageCache(get(url), { cache, fetch: net.fetch });
    expect(net.state.calls).toEqual([url, url]);
    advance(DAY + 1);
    net.state.down = true;
    const stale = await fetchThroughImageCache(get(url), { cache, fetch: net.fetch });
    expect(stale.headers.get('X-Kiosk-Image-Cache')).toBe('stale');
    expect(await text(stale)).toContain('/images/9.png');
  });

  it('stays under its size cap, dropping the least recently used first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache, advance } = await openCache(dir, { maxBytes: 250 });
    const body = (n: number) => Buffer.alloc(100, n);
    await cache.put('https://cdn.example/a.png', 'image/png', body(1));
    advance(1);
    await cache.put('https://cdn.example/b.png', 'image/png', body(2));
    advance(1);
    await cache.get('https://cdn.example/a.png');
    advance(1);
    await cache.put('https://cdn.example/c.png', 'image/png', body(3));
    expect(cache.size).toEqual({ images: 2, bytes: 200 });
    expect(await cache.get('https://cdn.example/b.png')).toBeNull();
    expect(await cache.get('https://cdn.example/a.png')).not.toBeNull();
    expect(readdirSync(dir)).toHaveLength(4);
  });

  it('drops broken, foreign and long-unused entries when it opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache } = await openCache(dir);
    await cache.put('https://cdn.example/keep.png', 'image/png', Buffer.from('keep'));
    await cache.put('https://cdn.example/old.png', 'image/png', Buffer.from('old'));
    writeFileSync(join(dir, 'nonsense.json'), '{broken');
    // An entry whose file name does not match its URL could serve the wrong image.
    writeFileSync(
      join(dir, `${imageKey('https://cdn.example/other.png')}.json`),
      JSON.stringify({
        url: 'https://cdn.example/keep.png',
        contentType: 'image/png',
        bytes: 4,
        storedAt: 0,
        usedAt: 0,
      }),
    );
    const { cache: reopened } = await openCache(dir);
    expect(reopened.size.images).toBe(2);
    expect(await reopened.get('https://cdn.example/other.png')).toBeNull();
    const later = await openCache(dir, { now: () => 1_000_000 + 31 * DAY });
    expect(later.cache.size.images).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});
