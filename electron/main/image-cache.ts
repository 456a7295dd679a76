/**
 * The kiosk's own image cache, on disk in userData: every catalogue image that passes
 * through is kept, so an offline kiosk still shows its cards, detail pages and cart lines,
 * also after a restart. Keyed by the image's full URL (a hash names the files and the URL
 * is checked on read), so one product's image is never served for another. A size cap
 * evicts the least recently used; entries older than a day are refreshed when the network
 * is there, and a stale copy is served only when it is not. No Electron import.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ImageCacheOptions {
  dir: string;
  /** Total bytes kept; the least recently used go first. */
  maxBytes: number;
  /** After this long an image is refreshed from the network when it can be. */
  maxAgeMs: number;
  /** Images unused for this long are deleted when the cache opens. */
  dropAfterMs: number;
  now?: () => number;
}

export const DEFAULT_IMAGE_CACHE: Omit<ImageCacheOptions, 'dir'> = {
  maxBytes: 200 * 1024 * 1024,
  maxAgeMs: 24 * 60 * 60_000,
  dropAfterMs: 30 * 24 * 60 * 60_000,
};

/** One image larger than this is passed through but not kept. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

interface Entry {
  url: string;
  contentType: string;
  bytes: number;
  storedAt: number;
  usedAt: number;
}

export interface CachedImage {
  body: Buffer;
  contentType: string;
  fresh: boolean;
}

export function imageKey(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.url === 'string' &&
    typeof entry.contentType === 'string' &&
    typeof entry.bytes === 'number' &&
    typeof entry.storedAt === 'number' &&
    typeof entry.usedAt === 'number'
  );
}

export class ImageCache {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private readonly now: () => number;

  private constructor(private readonly options: ImageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Opens (or creates) the cache folder and reads what is there; broken entries are dropped. */
  static async open(options: ImageCacheOptions): Promise<ImageCache> {
    const cache = new ImageCache(options);
    await mkdir(options.dir, { recursive: true });
    const names = await readdir(options.dir);
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const key = name.slice(0, -'.json'.length);
      try {
        const entry: unknown = JSON.parse(await readFile(join(options.dir, name), 'utf8'));
        if (!isEntry(entry) || imageKey(entry.url) !== key) throw new Error('not an entry');
        if (cache.now() - entry.usedAt > options.dropAfterMs) throw new Error('unused');
        cache.entries.set(key, entry);
        cache.totalBytes += entry.bytes;
      } catch {
        await cache.remove(key);
      }
    }
    await cache.evict();
    return cache;
  }

  get size(): { images: number; bytes: number } {
    return { images: this.entries.size, bytes: this.totalBytes };
  }

  async get(url: string): Promise<CachedImage | null> {
    const key = imageKey(url);
    const entry = this.entries.get(key);
    if (!entry || entry.url !== url) return null;
    try {
      const body = await readFile(this.file(key, 'bin'));
      if (body.length !== entry.bytes) throw new Error('truncated');
      entry.usedAt = this.now();
      return {
        body,
        contentType: entry.contentType,
        fresh: this.now() - entry.storedAt < this.options.maxAgeMs,
      };
    } catch {
      await this.remove(key);
      return null;
    }
  }

  async put(url: string, contentType: string, body: Buffer): Promise<void> {
    if (body.length > MAX_IMAGE_BYTES || body.length > this.options.maxBytes) return;
    const key = imageKey(url);
    const now = this.now();
    const previous = this.entries.get(key);
    if (previous) this.totalBytes -= previous.bytes;
    const entry: Entry = { url, contentType, bytes: body.length, storedAt: now, usedAt: now };
    // The body first: an entry whose metadata exists always has its bytes.
    await writeFile(this.file(key, 'bin'), body);
    await writeFile(this.file(key, 'json'), JSON.stringify(entry));
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    await this.evict();
  }

  /** Down to the cap, least recently used first. */
  private async evict(): Promise<void> {
    if (this.totalBytes <= this.options.maxBytes) return;
    const byUse = [...this.entries].sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [key] of byUse) {
      if (this.totalBytes <= this.options.maxBytes) break;
      await this.remove(key);
    }
  }

  private async remove(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) this.totalBytes -= entry.bytes;
    this.entries.delete(key);
    await rm(this.file(key, 'json'), { force: true });
    await rm(this.file(key, 'bin'), { force: true });
  }

  private file(key: string, kind: 'json' | 'bin'): string {
    return join(this.options.dir, `${key}.${kind}`);
  }
}

/** Images only: catalogue JSON and everything else pass through untouched. */
function isImageResponse(response: Response): boolean {
  return /^image\//i.test(response.headers.get('Content-Type') ?? '');
}

function fromCache(image: CachedImage, state: 'hit' | 'stale'): Response {
  return new Response(new Uint8Array(image.body), {
    status: 200,
    headers: {
      'Content-Type': image.contentType,
      'Content-Length': String(image.body.length),
      'X-Kiosk-Image-Cache': state,
    },
  });
}

export interface CachedFetchDeps {
  cache: ImageCache;
  /** The real network (Electron's net.fetch, past this handler). */
  fetch: (request: Request) => Promise<Response>;
}

/**
 * A GET answered from the cache when a fresh copy is there; else from the network, keeping
 * images that come back; else (offline) from a stale copy. Anything that is not an image
 * behaves exactly as without the cache.
 */
export async function fetchThroughImageCache(
  request: Request,
  { cache, fetch }: CachedFetchDeps,
): Promise<Response> {
  if (request.method !== 'GET') return fetch(request);
  const cached = await cache.get(request.url);
  if (cached?.fresh) return fromCache(cached, 'hit');
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (cached) return fromCache(cached, 'stale');
    throw error;
  }
  if (!response.ok || !isImageResponse(response)) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('Content-Type') ?? 'application/octet-stream';
  await cache.put(request.url, contentType, body).catch(() => undefined);
  return new Response(new Uint8Array(body), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
