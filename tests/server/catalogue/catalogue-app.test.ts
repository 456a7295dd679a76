import { describe, expect, it } from 'vitest';
import { assertOrigin, createCatalogueApp } from '../../../server/catalogue/catalogue-app';
import { fakeStoreProductSchema } from '../../../server/catalogue/product-schema';
import { sampleProducts } from '../support/fixtures';

const ORIGIN = 'http://127.0.0.1:4173';
const app = createCatalogueApp({
  products: sampleProducts,
  basePath: '/api',
  publicOrigin: ORIGIN,
});
const get = (path: string, init?: RequestInit): Promise<Response> =>
  Promise.resolve(app.fetch(new Request(`${ORIGIN}${path}`, init)));

const FAKESTORE_KEYS = ['id', 'title', 'price', 'description', 'category', 'image', 'rating'];

describe('GET /products', () => {
  it('lists every product in FakeStore shape, ordered by id', async () => {
    const response = await get('/api/products');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>[];
    expect(body.map((p) => p.id)).toEqual([1, 2, 3]);
    for (const product of body) {
      expect(Object.keys(product)).toEqual(FAKESTORE_KEYS);
      // The rule keeps exactly these fields, normalised: what is served reads back as itself.
      expect(fakeStoreProductSchema.parse(product)).toEqual(product);
    }
  });

  it('never exposes the image art hints', async () => {
    const text = await (await get('/api/products')).text();
    expect(text).not.toContain('"art"');
  });

  it('builds absolute image URLs from the configured public origin and base path', async () => {
    const body = (await (await get('/api/products')).json()) as { image: string }[];
    expect(body[0]?.image).toBe(`${ORIGIN}/api/images/1.svg`);
  });

  it('never takes the image origin from the request, whatever Host it names', async () => {
    const forged = await app.fetch(
      new Request('http://evil.example:9999/api/products/2', {
        headers: { Host: 'evil.example:9999', 'X-Forwarded-Host': 'evil.example' },
      }),
    );
    expect(((await forged.json()) as { image: string }).image).toBe(`${ORIGIN}/api/images/2.svg`);
    const list = await app.fetch(new Request('http://evil.example/api/products'));
    const images = ((await list.json()) as { image: string }[]).map((p) => p.image);
    expect(images.every((image) => image.startsWith(`${ORIGIN}/api/images/`))).toBe(true);
  });

  it('builds image paths on the shop’s own origin when it has no public origin (the kiosk)', async () => {
    const sameOrigin = createCatalogueApp({
      products: sampleProducts,
      basePath: '/api',
      publicOrigin: null,
    });
    const response = await sameOrigin.fetch(new Request('app://shop/api/products'));
    const images = ((await response.json()) as { image: string }[]).map((p) => p.image);
    expect(images).toEqual(['/api/images/1.svg', '/api/images/2.svg', '/api/images/3.svg']);
    const forged = await sameOrigin.fetch(
      new Request('http://evil.example/api/products/2', { headers: { Host: 'evil.example' } }),
    );
    expect(((await forged.json()) as { image: string }).image).toBe('/api/images/2.svg');
  });

  it('refuses a public origin that is not just an origin', () => {
    expect(assertOrigin('https://shop.example.com')).toBe('https://shop.example.com');
    for (const bad of [
      '',
      '/api',
      'https://shop.example.com/',
      'https://a.example/api',
      'ftp://a.example',
    ]) {
      expect(() => assertOrigin(bad), bad).toThrow(/publicOrigin must be an http\(s\) origin/);
    }
  });

  it('honours ?limit=N and ?sort=desc like FakeStore', async () => {
    const limited = (await (await get('/api/products?limit=2')).json()) as { id: number }[];
    expect(limited.map((p) => p.id)).toEqual([1, 2]);
    const desc = (await (await get('/api/products?sort=desc')).json()) as { id: number }[];
    expect(desc.map((p) => p.id)).toEqual([3, 2, 1]);
    const both = (await (await get('/api/products?sort=desc&limit=1')).json()) as { id: number }[];
    expect(both.map((p) => p.id)).toEqual([3]);
  });

  it('ignores a malformed limit instead of failing', async () => {
    const body = (await (await get('/api/products?limit=abc')).json()) as unknown[];
    expect(body).toHaveLength(3);
  });

  it('is cacheable for five minutes with an entity tag', async () => {
    const response = await get('/api/products');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
  });

  it('answers 304 when If-None-Match names the current entity tag', async () => {
    const etag = (await get('/api/products')).headers.get('etag')!;
    const response = await get('/api/products', { headers: { 'If-None-Match': etag } });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
    expect(response.headers.get('etag')).toBe(etag);
  });

  it('gives different entity tags to different queries', async () => {
    const all = (await get('/api/products')).headers.get('etag');
    const limited = (await get('/api/products?limit=1')).headers.get('etag');
    expect(all).not.toBe(limited);
    const stale = await get('/api/products?limit=1', { headers: { 'If-None-Match': all! } });
    expect(stale.status).toBe(200);
  });
});

describe('GET /products/:id', () => {
  it('returns one product', async () => {
    const response = await get('/api/products/3');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(FAKESTORE_KEYS);
    expect(body).toMatchObject({ id: 3, price: 1299.99, rating: { rate: 3.5, count: 205 } });
  });

  it.each(['999999', 'abc', '-1', '1.5', '0', '01', '1e3', '%20'])(
    'answers 404 {"error":"Product not found"} for id %s',
    async (id) => {
      const response = await get(`/api/products/${id}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: 'Product not found' });
    },
  );

  it('supports conditional requests', async () => {
    const etag = (await get('/api/products/2')).headers.get('etag')!;
    const response = await get('/api/products/2', { headers: { 'If-None-Match': `W/${etag}` } });
    expect(response.status).toBe(304);
  });
});

describe('GET /products/categories', () => {
  it('lists the categories present, in the shop order', async () => {
    const response = await get('/api/products/categories');
    expect(await response.json()).toEqual(["men's clothing", 'jewelery', 'electronics']);
  });

  it('lists a catalogue’s own categories after the shop’s, in the order they first appear', async () => {
    const [shirt, ring] = sampleProducts;
    const mixed = createCatalogueApp({
      products: [
        { ...shirt!, id: 10, category: 'garden' },
        { ...ring!, id: 11 },
        { ...shirt!, id: 12, category: 'toys' },
        { ...shirt!, id: 13, category: 'garden' },
      ],
      publicOrigin: ORIGIN,
    });
    const response = await mixed.fetch(new Request(`${ORIGIN}/products/categories`));
    expect(await response.json()).toEqual(['jewelery', 'garden', 'toys']);
  });
});

describe('GET /images/:id.svg', () => {
  it('serves an SVG that cannot run script, cached for a day', async () => {
    const response = await get('/api/images/1.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 600 600"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it('answers 304 for a cached image', async () => {
    const etag = (await get('/api/images/2.svg')).headers.get('etag')!;
    const response = await get('/api/images/2.svg', { headers: { 'If-None-Match': etag } });
    expect(response.status).toBe(304);
  });

  it.each(['99.svg', 'abc.svg', '1.png', '1', '-1.svg'])('answers 404 for %s', async (file) => {
    const response = await get(`/api/images/${file}`);
    expect(response.status).toBe(404);
  });
});

describe('HTTP behaviour', () => {
  it('allows any origin to read the catalogue', async () => {
    const response = await get('/api/products', { headers: { Origin: 'https://shop.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a CORS preflight', async () => {
    const response = await get('/api/products', {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await get('/api/products/1', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeTruthy();
    expect(await response.text()).toBe('');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses %s with 405 JSON', async (method) => {
    const response = await get('/api/products/1', { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await response.json()).toEqual({ error: 'Method not allowed' });
  });

  it('sends nosniff on JSON and errors', async () => {
    for (const path of ['/api/products', '/api/products/abc', '/api/nothing']) {
      expect((await get(path)).headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers 404 JSON for unknown paths and paths outside the base path', async () => {
    for (const path of ['/api/nothing', '/products', '/']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('serves at the root when no base path is given', async () => {
    const root = createCatalogueApp({ products: sampleProducts, publicOrigin: ORIGIN });
    const response = await root.fetch(new Request(`${ORIGIN}/products/1`));
    const body = (await response.json()) as { image: string };
    expect(body.image).toBe(`${ORIGIN}/images/1.svg`);
  });
});
