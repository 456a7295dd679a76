import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate, type BenchCertificate } from './certificate';
import { startCatalogueHost, type CatalogueHost } from './servers';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let certificate: BenchCertificate;
let host: CatalogueHost;

/** GET https://fakestoreapi.com<path> sent to the local host, trusting only its certificate. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        servername: 'fakestoreapi.com',
        headers: { Host: 'fakestoreapi.com', ...headers },
        ca: certificate.cert,
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  certificate = makeCertificate(['fakestoreapi.com']);
  host = await startCatalogueHost(certificate);
});
afterAll(async () => {
  await host.close();
});

describe('the cross-origin catalogue host', () => {
  it('answers in the FakeStore shape over TLS, images on the same host, with cache headers', async () => {
    const list = await get('/products');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('public, max-age=300');
    expect(list.headers['access-control-allow-origin']).toBe('*');
    const products = JSON.parse(list.body) as { id: number; image: string; title: string }[];
    expect(products.length).toBeGreaterThan(0);
    expect(products[0]?.image).toBe('https://fakestoreapi.com/images/1.svg');

    const image = await get('/images/1.svg');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.headers['cache-control']).toBe('public, max-age=86400');

    const again = await get('/products', { 'If-None-Match': String(list.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('switches to a generated catalogue of the size asked for', async () => {
    host.use(1234);
    try {
      const products = JSON.parse((await get('/products')).body) as unknown[];
      expect(products).toHaveLength(1234);
    } finally {
      host.use(undefined);
    }
  });

  it('is refused by a client that does not trust its self-signed certificate', async () => {
    const untrusted = new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: host.port, path: '/products', servername: 'fakestoreapi.com' },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    await expect(untrusted).rejects.toThrow(/self-signed|self signed/);
  });
});
