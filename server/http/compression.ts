/** Text worth compressing; images other than SVG are already compressed. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg\+xml)/;

/**
 * Gzipped bodies kept by a key that names bytes which never change (a hashed asset, a
 * catalogue answer by its strong ETag), as a static host or a CDN keeps them: compressing
 * the same 300 KB script or the 10,000-product list again for every request costs the
 * server tens of milliseconds each time. Bounded: the oldest entry goes when it is full.
 */
export class CompressedBodies {
  private readonly bodies = new Map<string, Promise<ArrayBuffer>>();
  constructor(private readonly maxEntries = 2000) {}

  get(key: string, compress: () => Promise<ArrayBuffer>): Promise<ArrayBuffer> {
    let body = this.bodies.get(key);
    if (!body) {
      body = compress();
      // A failed compression is not kept: the next request tries again.
      body.catch(() => this.bodies.delete(key));
      if (this.bodies.size >= this.maxEntries) {
        const oldest = this.bodies.keys().next().value;
        if (oldest !== undefined) this.bodies.delete(oldest);
      }
      this.bodies.set(key, body);
    }
    return body;
  }
}

/**
 * Gzips a response when the client accepts it: the shop's JS and the catalogue JSON
 * shrink to about a third, which a phone on a slow network notices. With `cache` and a
 * `key` for bytes that never change, each body is compressed once.
 */
export async function compressResponse(
  request: Request,
  response: Response,
  cached?: { cache: CompressedBodies; key: string },
): Promise<Response> {
  const type = response.headers.get('Content-Type') ?? '';
  const accepts = /\bgzip\b/.test(request.headers.get('Accept-Encoding') ?? '');
  if (
    !accepts ||
    !response.body ||
    response.status !== 200 ||
    !COMPRESSIBLE.test(type) ||
    response.headers.has('Content-Encoding')
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  headers.append('Vary', 'Accept-Encoding');
  // The bytes on the wire differ from the identity encoding's: the ETag becomes weak.
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  const { body } = response;
  const gzip = (): ReadableStream<Uint8Array> => body.pipeThrough(new CompressionStream('gzip'));
  if (cached) {
    const bytes = await cached.cache.get(cached.key, () => new Response(gzip()).arrayBuffer());
    // A cached body leaves this response's own stream unread: let it go.
    if (!body.locked) await body.cancel().catch(() => undefined);
    return new Response(bytes, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
  return new Response(gzip(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
