import { afterEach, describe, expect, it, vi } from 'vitest';
import { hangingFetch } from '@/test/hanging-fetch';
import { getCatalogueJson, TIMED_OUT } from './catalogue-client';

const URL = 'http://catalogue.test/products';

describe('catalogue client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives up on a catalogue that does not answer, with a message the shopper understands', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    await expect(getCatalogueJson(URL, 'failed', undefined, 50)).rejects.toThrow(TIMED_OUT);
  });

  it('lets a caller cancel without calling it a timeout', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const pending = getCatalogueJson(URL, 'failed', controller.signal, 5_000);
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
      await expect(getCatalogueJson(URL, 'failed', undefined, 5_000)).rejects.toThrow('failed');
    }
  });

  it('asks for JSON and reads it', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(Response.json([{ id: 1 }]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getCatalogueJson(URL, 'failed', undefined, 5_000)).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ Accept: 'application/json' });
  });
});
