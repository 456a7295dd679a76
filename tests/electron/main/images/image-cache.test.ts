import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchThroughImageCache,
  ImageCache,
  imageKey,
  MAX_IMAGE_BYTES,
  type ImageCacheOptions,
} from '../../../../electron/main/images/image-cache';
import type {
  DownloadTimeouts,
  NetworkFetch,
} from '../../../../electron/main/images/image-download';
import {
  bodyHash,
  exposeGc,
  liveArrayBuffers,
  MIB,
  readMeasured,
  startLoopbackServer,
  streamBody,
  type Handler,
  type LoopbackServer,
} from '../../support/loopback-server';

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
/** Reads an answer to its end, as the renderer does: the cache keeps a body as it is read. */
const drain = async (pending: Promise<Response>) => {
  await (await pending).arrayBuffer();
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** `length` bytes that start as a PNG does, filled with `fill`. */
function png(length: number, fill: number): Buffer {
  const body = Buffer.alloc(length, fill);
  body.set(PNG_SIGNATURE);
  return body;
}

/** Whether the cache still serves `url` (the opened file is let go at once). */
async function has(cache: ImageCache, url: string): Promise<boolean> {
  const stored = await cache.read(url);
  await stored?.body.cancel();
  return stored !== null;
}

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
      await drain(
        fetchThroughImageCache(get(`https://cdn.example/images/${id}.png`), {
          cache,
          fetch: net.fetch,
        }),
      );
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
    await drain(fetchThroughImageCache(get(url), { cache: before.cache, fetch: net.fetch }));
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
    await drain(fetchThroughImageCache(get(url), { cache, fetch: net.fetch }));
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
    await drain(fetchThroughImageCache(get(url), { cache, fetch: net.fetch }));
    advance(DAY + 1);
    await drain(fetchThroughImageCache(get(url), { cache, fetch: net.fetch }));
    expect(net.state.calls).toEqual([url, url]);
    advance(DAY + 1);
    net.state.down = true;
    const stale = await fetchThroughImageCache(get(url), { cache, fetch: net.fetch });
    expect(stale.headers.get('X-Kiosk-Image-Cache')).toBe('stale');
    expect(await text(stale)).toContain('/images/9.png');
  });

  it('stays under its size cap, metadata included, dropping the least recently used first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    // What one 100-byte image costs with its metadata file, measured in a cache of its own.
    const probe = await openCache(mkdtempSync(join(tmpdir(), 'image-cache-')));
    await probe.cache.put('https://cdn.example/p.png', 'image/png', png(100, 0));
    const perImage = probe.cache.size.bytes;
    expect(perImage).toBeGreaterThan(100);
    const { cache, advance } = await openCache(dir, { maxBytes: 2 * perImage + perImage / 2 });
    await cache.put('https://cdn.example/a.png', 'image/png', png(100, 1));
    advance(1);
    await cache.put('https://cdn.example/b.png', 'image/png', png(100, 2));
    advance(1);
    expect(await has(cache, 'https://cdn.example/a.png')).toBe(true);
    advance(1);
    await cache.put('https://cdn.example/c.png', 'image/png', png(100, 3));
    expect(cache.size).toEqual({ images: 2, bytes: 2 * perImage });
    expect(await has(cache, 'https://cdn.example/b.png')).toBe(false);
    expect(await has(cache, 'https://cdn.example/a.png')).toBe(true);
    expect(readdirSync(dir)).toHaveLength(4);
  });

  it('drops broken, foreign and long-unused entries when it opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache } = await openCache(dir);
    await cache.put('https://cdn.example/keep.png', 'image/png', png(40, 1));
    await cache.put('https://cdn.example/old.png', 'image/png', png(40, 2));
    writeFileSync(join(dir, 'nonsense.json'), '{broken');
    // An entry whose file name does not match its URL could serve the wrong image.
    writeFileSync(
      join(dir, `${imageKey('https://cdn.example/other.png')}.json`),
      JSON.stringify({
        url: 'https://cdn.example/keep.png',
        contentType: 'image/png',
        bytes: 40,
        storedAt: 0,
        usedAt: 0,
      }),
    );
    const { cache: reopened } = await openCache(dir);
    expect(reopened.size.images).toBe(2);
    expect(await has(reopened, 'https://cdn.example/other.png')).toBe(false);
    const later = await openCache(dir, { now: () => 1_000_000 + 31 * DAY });
    expect(later.cache.size.images).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});

/** Through the cache to a real loopback server, with the global fetch as the network. */
describe('the kiosk image cache on a real network', () => {
  const servers: LoopbackServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  async function serve(handler: Handler): Promise<LoopbackServer> {
    const server = await startLoopbackServer(handler);
    servers.push(server);
    return server;
  }
  const network: NetworkFetch = (request, init) => fetch(request, init);
  const FAST: DownloadTimeouts = { connectMs: 300, bodyMs: 600 };

  /** Every file in the cache folder with its size (links as links). */
  function filesIn(dir: string): Record<string, number> {
    return Object.fromEntries(
      readdirSync(dir).map((name) => [name, lstatSync(join(dir, name)).size]),
    );
  }

  function pngResponse(
    response: ServerResponse,
    bytes: number,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(200, { 'Content-Type': 'image/png', ...headers });
    void streamBody(response, bytes);
  }

  it('streams a 30 MiB image to the renderer without holding it, and does not keep it', async () => {
    const total = 30 * MIB;
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(total) });
      // Slowly, a chunk a millisecond: the network, not the reader, sets the pace.
      void streamBody(response, total, { pauseMs: 1 });
    });
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache } = await openCache(dir, { maxBytes: 200 * MIB });
    const gc = exposeGc();
    const baseline = liveArrayBuffers(gc);
    const response = await fetchThroughImageCache(get(`${server.origin}/huge.png`), {
      cache,
      fetch: network,
    });
    if (!response.body) throw new Error('no body');
    const read = await readMeasured(response.body, gc, baseline);
    expect(read.bytes).toBe(total);
    expect(read.hash).toBe(bodyHash(total));
    // Held whole, the 30 MiB (and its copies) would be alive at once. The bound leaves room
    // for the test's own HTTP client, which now and then holds a few MiB itself.
    expect(read.peakArrayBuffers).toBeLessThan(10 * MIB);
    expect(cache.size.images).toBe(0);
    expect(filesIn(dir)).toEqual({});
  });

  it('keeps an image of exactly 10 MiB, and passes one byte more through unkept, even without a length', async () => {
    const server = await serve((request, response) => {
      // No Content-Length: the cache starts writing and must give up at the limit.
      pngResponse(response, request.url === '/limit.png' ? MAX_IMAGE_BYTES : MAX_IMAGE_BYTES + 1);
    });
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache } = await openCache(dir, { maxBytes: 200 * MIB });
    const deps = { cache, fetch: network };
    const over = await fetchThroughImageCache(get(`${server.origin}/over.png`), deps);
    expect((await over.arrayBuffer()).byteLength).toBe(MAX_IMAGE_BYTES + 1);
    expect(cache.lookup(`${server.origin}/over.png`)).toBeNull();
    expect(filesIn(dir)).toEqual({});
    const limit = await fetchThroughImageCache(get(`${server.origin}/limit.png`), deps);
    expect((await limit.arrayBuffer()).byteLength).toBe(MAX_IMAGE_BYTES);
    expect(cache.lookup(`${server.origin}/limit.png`)).toEqual({ fresh: true });
  });

  it('gives up on an answer that does not begin within the connect time, and serves a kept copy instead', async () => {
    let hang = false;
    const server = await serve((_request, response) => {
      // Hanging: the request is taken and never answered.
      if (!hang) pngResponse(response, 1000);
    });
    const { cache, advance } = await openCache(mkdtempSync(join(tmpdir(), 'image-cache-')));
    const deps = { cache, fetch: network, timeouts: FAST };
    await drain(fetchThroughImageCache(get(`${server.origin}/kept.png`), deps));
    hang = true;
    await expect(
      fetchThroughImageCache(get(`${server.origin}/never.png`), deps),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    advance(DAY + 1);
    const stale = await fetchThroughImageCache(get(`${server.origin}/kept.png`), deps);
    expect(stale.headers.get('X-Kiosk-Image-Cache')).toBe('stale');
    expect((await stale.arrayBuffer()).byteLength).toBe(1000);
  });

  it('cuts a body that is not complete within the body time, and keeps nothing of it', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(MIB) });
      void streamBody(response, MIB, { hangAfter: 128 * 1024 });
    });
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache } = await openCache(dir);
    const response = await fetchThroughImageCache(get(`${server.origin}/slow.png`), {
      cache,
      fetch: network,
      timeouts: FAST,
    });
    await expect(response.arrayBuffer()).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(cache.size.images).toBe(0);
    expect(filesIn(dir)).toEqual({});
  });

  it('makes one download for 5 identical requests at once, and counts its bytes once', async () => {
    const total = 2 * MIB;
    const server = await serve((_request, response) => {
      pngResponse(response, total, { 'Content-Length': String(total) });
    });
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache } = await openCache(dir, { maxBytes: 200 * MIB });
    const url = `${server.origin}/shared.png`;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => fetchThroughImageCache(get(url), { cache, fetch: network })),
    );
    const hashes = await Promise.all(
      responses.map(async (response) => {
        if (!response.body) throw new Error('no body');
        return (await readMeasured(response.body, () => undefined, 0)).hash;
      }),
    );
    expect(hashes).toEqual(Array.from({ length: 5 }, () => bodyHash(total)));
    expect(server.requests).toEqual(['/shared.png']);
    expect(cache.size.images).toBe(1);
    const onDisk = Object.values(filesIn(dir)).reduce((sum, size) => sum + size, 0);
    expect(cache.size.bytes).toBe(onDisk);
    expect(onDisk).toBeLessThan(total + 1024);
  });

  it('serves a request that comes too late to share a download from the file that download kept', async () => {
    const total = MIB;
    const server = await serve((_request, response) => {
      pngResponse(response, total, { 'Content-Length': String(total) });
    });
    const { cache } = await openCache(mkdtempSync(join(tmpdir(), 'image-cache-')), {
      maxBytes: 200 * MIB,
    });
    const url = `${server.origin}/late.png`;
    const first = await fetchThroughImageCache(get(url), { cache, fetch: network });
    if (!first.body) throw new Error('no body');
    const reader = first.body.getReader();
    await reader.read();
    const late = fetchThroughImageCache(get(url), { cache, fetch: network });
    while (!(await reader.read()).done);
    const response = await late;
    expect(response.headers.get('X-Kiosk-Image-Cache')).toBe('hit');
    expect((await response.arrayBuffer()).byteLength).toBe(total);
    expect(server.requests).toEqual(['/late.png']);
  });

  it('never writes through a link planted at an image’s file name', async () => {
    const server = await serve((_request, response) => {
      pngResponse(response, 4096);
    });
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'precious');
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache } = await openCache(dir);
    const url = `${server.origin}/planted.png`;
    const key = imageKey(url);
    // Planted while the kiosk runs, at both names the entry will be written to.
    symlinkSync(victim, join(dir, `${key}.bin`));
    symlinkSync(victim, join(dir, `${key}.json`));
    await drain(fetchThroughImageCache(get(url), { cache, fetch: network }));
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(join(dir, `${key}.bin`)).isFile()).toBe(true);
    expect(lstatSync(join(dir, `${key}.json`)).isFile()).toBe(true);
    expect(await has(cache, url)).toBe(true);
  });

  it('never reads through a link planted in place of a kept image', async () => {
    const server = await serve((_request, response) => {
      pngResponse(response, 16);
    });
    const secret = join(mkdtempSync(join(tmpdir(), 'outside-')), 'secret.png');
    // As large as the kept image, so only the link itself can give it away.
    writeFileSync(secret, png(16, 7));
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache } = await openCache(dir);
    const url = `${server.origin}/kept.png`;
    await drain(fetchThroughImageCache(get(url), { cache, fetch: network }));
    rmSync(join(dir, `${imageKey(url)}.bin`));
    symlinkSync(secret, join(dir, `${imageKey(url)}.bin`));
    expect(await cache.read(url)).toBeNull();
    expect(cache.lookup(url)).toBeNull();
  });

  it('sweeps what it does not know when it opens: orphans, temporary files, links, folders', async () => {
    const server = await serve((_request, response) => {
      pngResponse(response, 64);
    });
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    writeFileSync(join(outside, 'victim.txt'), 'precious');
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const first = await openCache(dir);
    const url = `${server.origin}/keep.png`;
    await drain(fetchThroughImageCache(get(url), { cache: first.cache, fetch: network }));
    const kept = filesIn(dir);
    const orphan = imageKey(`${server.origin}/orphan.png`);
    writeFileSync(join(dir, `${orphan}.bin`), png(64, 1));
    writeFileSync(join(dir, `${orphan}.0123456789abcdef.tmp`), png(64, 1));
    writeFileSync(join(dir, 'notes.txt'), 'not ours');
    mkdirSync(join(dir, 'folder'));
    writeFileSync(join(dir, 'folder', 'inside.bin'), 'x');
    symlinkSync(join(outside, 'victim.txt'), join(dir, `${imageKey('https://x.example/')}.bin`));
    symlinkSync(outside, join(dir, 'linked-folder'));
    const reopened = await openCache(dir);
    expect(filesIn(dir)).toEqual(kept);
    expect(reopened.cache.size).toEqual(first.cache.size);
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('precious');
  });

  it('counts metadata in the cap: what is on disk never exceeds it', async () => {
    const server = await serve((_request, response) => {
      pngResponse(response, 32);
    });
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const maxBytes = 2000;
    const { cache, advance } = await openCache(dir, { maxBytes });
    // 40 bodies of 32 bytes fit in 2000 bytes; with their metadata they do not.
    for (let index = 0; index < 40; index += 1) {
      advance(1);
      await drain(
        fetchThroughImageCache(get(`${server.origin}/tiny-${index}.png`), {
          cache,
          fetch: network,
        }),
      );
    }
    const onDisk = Object.values(filesIn(dir)).reduce((sum, size) => sum + size, 0);
    expect(cache.size.bytes).toBe(onDisk);
    expect(onDisk).toBeLessThanOrEqual(maxBytes);
    expect(cache.size.images).toBeLessThan(40);
    expect(cache.lookup(`${server.origin}/tiny-39.png`)).not.toBeNull();
  });

  it('keeps only bodies whose bytes are an image, and passes the others through as they are', async () => {
    const bodies: Record<string, [string, string | Buffer]> = {
      '/portal.png': ['image/png', '<!doctype html><title>Log in to the Wi-Fi</title>'],
      '/scripted.svg': ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>'],
      '/clean.svg': ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'],
      '/real.png': ['image/png', png(64, 3)],
    };
    const server = await serve((request, response) => {
      const [type, body] = bodies[request.url ?? ''] ?? ['text/plain', 'missing'];
      response.writeHead(200, { 'Content-Type': type });
      response.end(body);
    });
    const { cache } = await openCache(mkdtempSync(join(tmpdir(), 'image-cache-')));
    for (const [path, [, body]] of Object.entries(bodies)) {
      const response = await fetchThroughImageCache(get(`${server.origin}${path}`), {
        cache,
        fetch: network,
      });
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(body))).toBe(true);
    }
    const kept = Object.keys(bodies).filter((path) => cache.lookup(`${server.origin}${path}`));
    expect(kept).toEqual(['/clean.svg', '/real.png']);
  });

  it('honours Cache-Control: no-store (and drops a kept copy), and keeps private answers', async () => {
    let cacheControl = 'public, max-age=60';
    const server = await serve((_request, response) => {
      pngResponse(response, 64, { 'Cache-Control': cacheControl });
    });
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-'));
    const { cache, advance } = await openCache(dir);
    const deps = { cache, fetch: network };
    const url = `${server.origin}/image.png`;
    await drain(fetchThroughImageCache(get(url), deps));
    expect(cache.lookup(url)).not.toBeNull();
    // Refreshed a day later, the answer now says no-store: the kept copy goes too.
    cacheControl = 'max-age=0, No-Store';
    advance(DAY + 1);
    await drain(fetchThroughImageCache(get(url), deps));
    expect(cache.lookup(url)).toBeNull();
    expect(filesIn(dir)).toEqual({});
    await drain(fetchThroughImageCache(get(`${url}?again`), deps));
    expect(cache.lookup(`${url}?again`)).toBeNull();
    // A private answer is meant for a cache like this one: one kiosk's own.
    cacheControl = 'private, max-age=60';
    await drain(fetchThroughImageCache(get(`${url}?private`), deps));
    expect(cache.lookup(`${url}?private`)).not.toBeNull();
  });
});
