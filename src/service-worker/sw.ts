/**
 * The web shop's service worker: the shop opens offline after one visit, and catalogue
 * images seen once still show.
 *
 * - Pages: the network first (so a new version is picked up on the next visit), the
 *   cached app shell when offline.
 * - This build's files: precached at install, served from the cache (hashed names never
 *   change).
 * - Images (any host): cache first, refreshed after a week, at most IMAGE_MAX_ENTRIES
 *   kept, the oldest dropped first; a stale copy is served only when offline.
 * - Everything else, the catalogue's calls above all, is not touched: the shop makes
 *   exactly the calls of the spec, no more.
 */
interface Build {
  version: string;
  /** Root-relative paths of this build's files, index.html first. */
  files: string[];
}

/** The worker's global scope (the WebWorker lib types `self` as a plain worker). */
const worker = globalThis as unknown as ServiceWorkerGlobalScope & { __SHOP_BUILD__: Build };

const BUILD = worker.__SHOP_BUILD__;
const APP_CACHE = `shop-app-${BUILD.version}`;
const IMAGE_CACHE = 'shop-images-v1';
/** When each image was stored, keyed like the image: opaque answers carry no headers of their own. */
const IMAGE_TIMES = 'shop-image-times-v1';
const IMAGE_MAX_ENTRIES = 150;
const IMAGE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const APP_SHELL = '/index.html';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(APP_CACHE);
      await cache.addAll(BUILD.files);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('shop-app-') && name !== APP_CACHE) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(APP_SHELL, { cacheName: APP_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function buildFile(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: APP_CACHE })) ?? fetch(request);
}

async function storedAt(times: Cache, request: Request): Promise<number> {
  const time = await times.match(request);
  return time ? Number(await time.text()) : 0;
}

/** The oldest images go first once there are more than the cap. */
async function trim(images: Cache, times: Cache): Promise<void> {
  const keys = await images.keys();
  if (keys.length <= IMAGE_MAX_ENTRIES) return;
  const dated = await Promise.all(
    keys.map(async (key) => [key, await storedAt(times, key)] as const),
  );
  dated.sort(([, a], [, b]) => a - b);
  for (const [key] of dated.slice(0, keys.length - IMAGE_MAX_ENTRIES)) {
    await images.delete(key);
    await times.delete(key);
  }
}

async function image(request: Request): Promise<Response> {
  const [images, times] = await Promise.all([caches.open(IMAGE_CACHE), caches.open(IMAGE_TIMES)]);
  const cached = await images.match(request);
  if (cached && Date.now() - (await storedAt(times, request)) < IMAGE_MAX_AGE_MS) return cached;
  try {
    const response = await fetch(request);
    // An image from another host without CORS is opaque: kept as it is.
    if (response.ok || response.type === 'opaque') {
      try {
        await images.put(request, response.clone());
        await times.put(request, new Response(String(Date.now())));
        await trim(images, times);
      } catch {
        // A full quota costs the offline copy, never the image on screen.
      }
    }
    return response;
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (url.origin === worker.location.origin && BUILD.files.includes(url.pathname)) {
    event.respondWith(buildFile(request));
  } else if (request.destination === 'image') {
    event.respondWith(image(request));
  }
});
