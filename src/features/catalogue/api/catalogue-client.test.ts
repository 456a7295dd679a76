// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hangingFetch } from '@/test/hanging-fetch';
import { getCatalogueJson, TIMED_OUT } from './catalogue-client';

const URL = 'http://catalogue.test/products';
const CAP = 5_000_000;

/**
 * A body that streams `total` bytes of JSON in 64 kB chunks, and records how much of it
 * the reader pulled and whether it was cancelled.
 */
function streamedBody(total: number) {
  const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled >= total) {
        controller.enqueue(new TextEncoder().encode('[]'));
        controller.close();
        return;
      }
      seen.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe('catalogue client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives up on a catalogue that does not answer, with a message the shopper understands', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    await expect(getCatalogueJson(URL, 'failed', undefined, 50, CAP)).rejects.toThrow(TIMED_OUT);
  });

  it('lets a caller cancel without calling it a timeout', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const pending = getCatalogueJson(URL, 'failed', controller.signal, 5_000, CAP);
    controller.abort();
    await expect(pending).rejects.not.toThrow(TIMED_OUT);
  });

  it('calls a non-ok status, an empty 200 body and a body that is not JSON a failure', async () => {
    for (const response of [
      new Response('[]', { status: 500 }),
      new Response(''),
      new Response('  \n'),
      new Response('[{"id": 1,'),
    ]) {
      vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(response));
      await expect(getCatalogueJson(URL, 'failed', undefined, 5_000, CAP)).rejects.toThrow(
        'failed',
      );
    }
  });

  it('asks for JSON and reads it', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(Response.json([{ id: 1 }]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getCatalogueJson(URL, 'failed', undefined, 5_000, CAP)).resolves.toEqual([
      { id: 1 },
    ]);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ Accept: 'application/json' });
  });

  it('reads a body over the cap only up to the cap, cancels it there, and fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { stream, seen } = streamedBody(50_000_000);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(new Response(stream)));
    await expect(getCatalogueJson(URL, 'failed', undefined, 5_000, CAP)).rejects.toThrow('failed');
    expect(seen.cancelled).toBe(true);
    // The cap plus at most the chunk that crossed it, plus what the stream had queued ahead.
    expect(seen.pulled).toBeLessThan(CAP + 4 * 64 * 1024);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining(`more than ${CAP} bytes`));
  });

  it('fails at once on a Content-Length over the cap, reading nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { stream, seen } = streamedBody(50_000_000);
    const response = new Response(stream, { headers: { 'Content-Length': String(CAP + 1) } });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(response));
    await expect(getCatalogueJson(URL, 'failed', undefined, 5_000, CAP)).rejects.toThrow('failed');
    expect(seen.cancelled).toBe(true);
  });

  it('reads a body of exactly the cap, in many chunks, as text', async () => {
    const { stream } = streamedBody(CAP - 2 - 64 * 1024);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(new Response(stream)));
    await expect(getCatalogueJson(URL, 'failed', undefined, 5_000, CAP)).resolves.toEqual([]);
  });

  it('decodes UTF-8 split across chunks as Response.text() does', async () => {
    const bytes = new TextEncoder().encode('["Café ✓ 🛒"]');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(new Response(stream)));
    await expect(getCatalogueJson(URL, 'failed', undefined, 5_000, CAP)).resolves.toEqual([
      'Café ✓ 🛒',
    ]);
  });

  it('a body that trickles past the deadline is a timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((_url, init) => {
        // As fetch does: aborting its signal errors the body being read.
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('['));
            init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
          },
        });
        return Promise.resolve(new Response(stream));
      }),
    );
    await expect(getCatalogueJson(URL, 'failed', undefined, 50, CAP)).rejects.toThrow(TIMED_OUT);
  });
});
