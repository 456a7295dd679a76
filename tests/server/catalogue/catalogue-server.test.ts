import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCatalogueServer,
  type CatalogueServer,
} from '../../../server/catalogue/catalogue-server';
import { getWithForgedHost, sampleProducts } from '../support/fixtures';

describe('startCatalogueServer over real HTTP', () => {
  let server: CatalogueServer;

  beforeAll(async () => {
    server = await startCatalogueServer({ port: 0, products: sampleProducts, basePath: '/api' });
  });
  afterAll(() => server.close());

  it('listens on a free loopback port and reports its URL with the base path', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/api`);
  });

  it('serves the product list with image URLs on its own port', async () => {
    const response = await fetch(`${server.url}/products`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { image: string }[];
    expect(body).toHaveLength(3);
    expect(body[0]?.image).toBe(`${server.url}/images/1.svg`);
  });

  it('ignores a forged Host header when it builds image URLs', async () => {
    const body = await getWithForgedHost(`${server.url}/products/1`, 'evil.example:80');
    expect((JSON.parse(body) as { image: string }).image).toBe(`${server.url}/images/1.svg`);
  });

  it('serves one product and 404 for an unknown one', async () => {
    expect((await fetch(`${server.url}/products/3`)).status).toBe(200);
    const missing = await fetch(`${server.url}/products/abc`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Product not found' });
  });

  it('serves product images', async () => {
    const response = await fetch(`${server.url}/images/2.svg`);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await response.text()).toContain('<svg');
  });

  it('answers 304 to a conditional request', async () => {
    const first = await fetch(`${server.url}/products`);
    await first.arrayBuffer();
    const again = await fetch(`${server.url}/products`, {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

describe('starting and stopping', () => {
  it('uses the demo catalogue by default and frees the port on close', async () => {
    const server = await startCatalogueServer();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const products = (await (await fetch(`${server.url}/products`)).json()) as unknown[];
    expect(products).toHaveLength(24);
    await server.close();
    await expect(fetch(`${server.url}/products`)).rejects.toThrow();
  });

  it('can listen on a fixed port and close twice safely', async () => {
    const probe = await startCatalogueServer({ products: sampleProducts });
    const port = probe.port;
    await probe.close();
    const server = await startCatalogueServer({ port, products: sampleProducts });
    expect(server.port).toBe(port);
    await server.close();
    await server.close();
  });

  it('rejects when the port is taken', async () => {
    const server = await startCatalogueServer({ products: sampleProducts });
    await expect(
      startCatalogueServer({ port: server.port, products: sampleProducts }),
    ).rejects.toThrow(/EADDRINUSE/);
    await server.close();
  });
});
