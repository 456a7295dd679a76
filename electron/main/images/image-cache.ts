/**
 * The kiosk's own image cache, on disk in userData: every catalogue image that passes
 * through is kept, so an offline kiosk still shows its cards, detail pages and cart lines,
 * also after a restart. Keyed by the image's full URL (a hash names the files and the URL
 * is checked on read), so one product's image is never served for another. A size cap
 * (bodies and their metadata files) evicts the least recently used; entries older than a
 * day are refreshed when the network is there, and a stale copy is served only when it
 * is not.
 *
 * It never holds a body in memory: answers stream to the renderer while they are written
 * to a temporary file, which is renamed into place only when the whole body is there and
 * its bytes are an image (image-sniff.ts) of at most 10 MiB. Identical requests in flight
 * share one download (image-download.ts). Files are created exclusively and opened
 * without following links, so a link planted in the folder can neither be written
 * through nor read; whatever the folder holds that the cache did not write is swept away
 * when it opens. No Electron import.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import {
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  type FileHandle,
} from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  DEFAULT_DOWNLOAD_TIMEOUTS,
  SharedDownload,
  type BodySink,
  type DownloadTimeouts,
  type NetworkFetch,
} from './image-download';
import { ImageSniffer } from './image-sniff';

export interface ImageCacheOptions {
  dir: string;
  /** Total bytes kept, metadata included; the least recently used go first. */
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
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** A metadata file is a few hundred bytes; a larger one was not written by this cache. */
const MAX_METADATA_BYTES = 64 * 1024;
/** Windows has no O_NOFOLLOW; there the lstat checks alone stand guard. */
const NO_FOLLOW = (constants as Partial<typeof constants>).O_NOFOLLOW ?? 0;

interface Entry {
  url: string;
  contentType: string;
  bytes: number;
  storedAt: number;
  usedAt: number;
}

interface Indexed {
  entry: Entry;
  /** What the entry costs against the cap: its body and its metadata file. */
  cost: number;
}

export interface StoredImage {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  bytes: number;
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
    Number.isSafeInteger(entry.bytes) &&
    typeof entry.storedAt === 'number' &&
    typeof entry.usedAt === 'number'
  );
}

/** A regular file (not a link, folder or device) of the expected size, if one is given. */
async function isPlainFile(path: string, size?: number): Promise<boolean> {
  try {
    const info = await lstat(path);
    return info.isFile() && (size === undefined || info.size === size);
  } catch {
    return false;
  }
}

/** Creates `path` afresh: fails if anything, a planted link included, is already there. */
function createExclusive(path: string): Promise<FileHandle> {
  return open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o600);
}

const tempName = (key: string) => `${key}.${randomBytes(8).toString('hex')}.tmp`;

export class ImageCache {
  private readonly entries = new Map<string, Indexed>();
  private totalBytes = 0;
  private readonly now: () => number;

  private constructor(private readonly options: ImageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Opens (or creates) the cache folder and reads what is there. Broken entries are
   * dropped, and so is every file the cache does not know: bodies without metadata,
   * temporary files of a write that was cut short, links, anything else.
   */
  static async open(options: ImageCacheOptions): Promise<ImageCache> {
    await mkdir(options.dir, { recursive: true });
    if (!(await lstat(options.dir)).isDirectory()) {
      throw new Error(`${options.dir} is not a folder of its own (a link or a file)`);
    }
    const cache = new ImageCache(options);
    await cache.load();
    await cache.evict();
    return cache;
  }

  get size(): { images: number; bytes: number } {
    return { images: this.entries.size, bytes: this.totalBytes };
  }

  /** Whether `url` is kept and still fresh, without touching the disk. */
  lookup(url: string): { fresh: boolean } | null {
    const indexed = this.entries.get(imageKey(url));
    if (indexed?.entry.url !== url) return null;
    return { fresh: this.now() - indexed.entry.storedAt < this.options.maxAgeMs };
  }

  /** The kept body of `url` as a stream from its file; null (and forgotten) if it is gone. */
  async read(url: string): Promise<StoredImage | null> {
    const key = imageKey(url);
    const indexed = this.entries.get(key);
    if (indexed?.entry.url !== url) return null;
    const { entry } = indexed;
    const path = this.file(key, 'bin');
    let handle: FileHandle | null = null;
    try {
      if (!(await isPlainFile(path, entry.bytes))) throw new Error('not the stored file');
      handle = await open(path, constants.O_RDONLY | NO_FOLLOW);
      const info = await handle.stat();
      if (!info.isFile() || info.size !== entry.bytes) throw new Error('changed underneath');
      entry.usedAt = this.now();
      // The stream closes the file when it ends or is cancelled.
      const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
      return {
        body,
        contentType: entry.contentType,
        bytes: entry.bytes,
        fresh: this.now() - entry.storedAt < this.options.maxAgeMs,
      };
    } catch {
      await handle?.close().catch(() => undefined);
      await this.remove(key);
      return null;
    }
  }

  /**
   * Starts keeping a body for `url`: a temporary file in the cache folder, created
   * exclusively. Nothing replaces the kept copy until the writer finishes with a whole image.
   */
  async begin(url: string, contentType: string): Promise<ImageWriter> {
    const key = imageKey(url);
    const path = join(this.options.dir, tempName(key));
    const handle = await createExclusive(path);
    return new ImageWriter(path, handle, contentType, (bytes) =>
      this.commit(url, contentType, path, bytes),
    );
  }

  /** A whole body at once (tests, small callers); the same checks as a streamed one. */
  async put(url: string, contentType: string, body: Uint8Array): Promise<boolean> {
    const writer = await this.begin(url, contentType);
    await writer.write(body);
    await writer.finish();
    return writer.stored;
  }

  /** Forgets `url` and deletes its files. */
  async delete(url: string): Promise<void> {
    const key = imageKey(url);
    if (this.entries.get(key)?.entry.url === url) await this.remove(key);
  }

  private async load(): Promise<void> {
    const names = await readdir(this.options.dir);
    const known = new Set<string>();
    for (const name of names) {
      const key = /^([0-9a-f]{64})\.json$/.exec(name)?.[1];
      if (key === undefined) continue;
      const indexed = await this.readEntry(key);
      if (!indexed) continue;
      this.entries.set(key, indexed);
      this.totalBytes += indexed.cost;
      known.add(`${key}.json`).add(`${key}.bin`);
    }
    for (const name of names.filter((n) => !known.has(n))) {
      // rm removes a link itself, never what it points to.
      await rm(join(this.options.dir, name), { recursive: true, force: true }).catch(
        () => undefined,
      );
    }
  }

  private async readEntry(key: string): Promise<Indexed | null> {
    try {
      const metaPath = this.file(key, 'json');
      const meta = await lstat(metaPath);
      if (!meta.isFile() || meta.size > MAX_METADATA_BYTES) return null;
      const value: unknown = JSON.parse(
        await readFile(metaPath, { encoding: 'utf8', flag: constants.O_RDONLY | NO_FOLLOW }),
      );
      if (!isEntry(value) || imageKey(value.url) !== key) return null;
      if (value.bytes > MAX_IMAGE_BYTES) return null;
      if (this.now() - value.usedAt > this.options.dropAfterMs) return null;
      if (!(await isPlainFile(this.file(key, 'bin'), value.bytes))) return null;
      return { entry: value, cost: value.bytes + meta.size };
    } catch {
      return null;
    }
  }

  /** Moves a finished temporary file into place and records it. */
  private async commit(
    url: string,
    contentType: string,
    tempPath: string,
    bytes: number,
  ): Promise<boolean> {
    const key = imageKey(url);
    const now = this.now();
    const entry: Entry = { url, contentType, bytes, storedAt: now, usedAt: now };
    const json = JSON.stringify(entry);
    const cost = bytes + Buffer.byteLength(json);
    try {
      if (cost > this.options.maxBytes) throw new Error('larger than the whole cache');
      // The old metadata goes first: a body without metadata is an orphan, swept at open.
      await this.remove(key);
      // rename replaces a link planted at the final name; it never writes through it.
      await rename(tempPath, this.file(key, 'bin'));
      await this.writeFileAtomically(this.file(key, 'json'), json);
    } catch {
      await rm(tempPath, { force: true }).catch(() => undefined);
      await rm(this.file(key, 'bin'), { force: true }).catch(() => undefined);
      return false;
    }
    this.entries.set(key, { entry, cost });
    this.totalBytes += cost;
    await this.evict();
    return true;
  }

  private async writeFileAtomically(path: string, text: string): Promise<void> {
    const temp = join(this.options.dir, tempName('meta'));
    const handle = await createExclusive(temp);
    try {
      await handle.writeFile(text);
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  }

  /** Down to the cap, least recently used first. */
  private async evict(): Promise<void> {
    if (this.totalBytes <= this.options.maxBytes) return;
    const byUse = [...this.entries].sort(([, a], [, b]) => a.entry.usedAt - b.entry.usedAt);
    for (const [key] of byUse) {
      if (this.totalBytes <= this.options.maxBytes) break;
      await this.remove(key);
    }
  }

  private async remove(key: string): Promise<void> {
    const indexed = this.entries.get(key);
    if (indexed) this.totalBytes -= indexed.cost;
    this.entries.delete(key);
    // A file still being read may not be deletable (Windows): the next open sweeps it.
    await rm(this.file(key, 'json'), { force: true }).catch(() => undefined);
    await rm(this.file(key, 'bin'), { force: true }).catch(() => undefined);
  }

  private file(key: string, kind: 'json' | 'bin'): string {
    return join(this.options.dir, `${key}.${kind}`);
  }
}

/**
 * One body on its way into the cache. It stops writing (and deletes its file) as soon as
 * the body is larger than one image may be or its bytes are not an image.
 */
export class ImageWriter implements BodySink {
  private bytes = 0;
  private state: 'writing' | 'given up' | 'done' = 'writing';
  private readonly sniffer: ImageSniffer;
  stored = false;

  constructor(
    private readonly path: string,
    private readonly handle: FileHandle,
    contentType: string,
    private readonly commit: (bytes: number) => Promise<boolean>,
  ) {
    this.sniffer = new ImageSniffer(contentType);
  }

  get wanted(): boolean {
    return this.state === 'writing' && this.sniffer.wanted;
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (!this.wanted) return;
    this.bytes += chunk.byteLength;
    this.sniffer.push(chunk);
    if (this.bytes > MAX_IMAGE_BYTES || !this.sniffer.wanted) {
      await this.abort();
      return;
    }
    await this.handle.write(chunk);
  }

  async finish(): Promise<void> {
    if (this.state !== 'writing') return;
    const keep = this.sniffer.finish();
    this.state = 'done';
    await this.handle.close().catch(() => undefined);
    if (keep) {
      this.stored = await this.commit(this.bytes);
    } else {
      await rm(this.path, { force: true }).catch(() => undefined);
    }
  }

  async abort(): Promise<void> {
    if (this.state !== 'writing') return;
    this.state = 'given up';
    await this.handle.close().catch(() => undefined);
    await rm(this.path, { force: true }).catch(() => undefined);
  }
}

function fromCache(image: StoredImage, state: 'hit' | 'stale'): Response {
  return new Response(image.body, {
    status: 200,
    headers: {
      'Content-Type': image.contentType,
      'Content-Length': String(image.bytes),
      'X-Kiosk-Image-Cache': state,
      'X-Content-Type-Options': 'nosniff',
      // A kept SVG opened as a document may style itself and nothing more.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

/**
 * A request that says it wants something other than an image (the catalogue client asks
 * for `application/json`) goes straight to the network, untouched: no time limits of the
 * cache's, no sharing. `<img>` asks for `image/…`; a request without Accept may be one.
 */
function mayBeImageRequest(request: Request): boolean {
  const accept = request.headers.get('Accept')?.trim() ?? '';
  return accept === '' || /(?:^|,)\s*(?:image\/|\*\/\*)/i.test(accept);
}

/**
 * `no-store` is honoured: not kept, and a kept copy is dropped. `private` is not a reason
 * to refuse: this is one kiosk's own cache, a private cache in HTTP's terms (RFC 9111
 * §5.2.2.7), which such answers are meant for.
 */
function forbidsStoring(headers: Headers): boolean {
  return (headers.get('Cache-Control') ?? '')
    .split(',')
    .some((directive) => directive.split('=')[0]?.trim().toLowerCase() === 'no-store');
}

async function sinkFor(
  cache: ImageCache,
  url: string,
  response: Response,
): Promise<BodySink | null> {
  if (response.status !== 200) return null;
  if (forbidsStoring(response.headers)) {
    await cache.delete(url);
    return null;
  }
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!/^image\//i.test(contentType)) return null;
  const length = Number(response.headers.get('Content-Length') ?? Number.NaN);
  if (length > MAX_IMAGE_BYTES) return null;
  return cache.begin(url, contentType);
}

export interface CachedFetchDeps {
  cache: ImageCache;
  /** The real network (Electron's net.fetch, past this handler). */
  fetch: NetworkFetch;
  /** The network's time limits; 10 s to the answer's head, 30 s for its body by default. */
  timeouts?: DownloadTimeouts;
}

/** The downloads in flight, per cache: identical requests share one. */
const inFlightByCache = new WeakMap<ImageCache, Map<string, SharedDownload>>();

function downloadsOf(cache: ImageCache): Map<string, SharedDownload> {
  let downloads = inFlightByCache.get(cache);
  if (!downloads) {
    downloads = new Map();
    inFlightByCache.set(cache, downloads);
  }
  return downloads;
}

async function fromNetwork(request: Request, deps: CachedFetchDeps): Promise<Response> {
  const { cache, fetch, timeouts = DEFAULT_DOWNLOAD_TIMEOUTS } = deps;
  const { url } = request;
  const downloads = downloadsOf(cache);
  const running = downloads.get(url);
  const joined = running?.join();
  if (joined) return joined;
  if (running?.storing) {
    // Too late to read it from its first byte: read the file it is writing, once written.
    await running.settled;
    const stored = await cache.read(url);
    if (stored) return fromCache(stored, 'hit');
  }
  const download = new SharedDownload({
    request,
    fetch,
    timeouts,
    sinkFor: (response) => sinkFor(cache, url, response),
  });
  downloads.set(url, download);
  void download.settled.then(() => {
    if (downloads.get(url) === download) downloads.delete(url);
  });
  return download.response;
}

/**
 * A GET answered from the cache when a fresh copy is there; else from the network,
 * streamed, keeping images that come back; else (offline) from a stale copy. Anything
 * that is not an image passes through with its bytes and headers unchanged.
 */
export async function fetchThroughImageCache(
  request: Request,
  deps: CachedFetchDeps,
): Promise<Response> {
  const { cache, fetch } = deps;
  if (request.method !== 'GET' || request.headers.has('Range') || !mayBeImageRequest(request)) {
    return fetch(request);
  }
  if (cache.lookup(request.url)?.fresh) {
    const stored = await cache.read(request.url);
    if (stored) return fromCache(stored, 'hit');
  }
  try {
    return await fromNetwork(request, deps);
  } catch (error) {
    const stale = await cache.read(request.url);
    if (stale) return fromCache(stale, 'stale');
    throw error;
  }
}
