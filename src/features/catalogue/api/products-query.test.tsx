import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CapabilitiesProvider } from '@/platform/capabilities-context';
import { hangingFetch } from '@/test/hanging-fetch';
import { makeProduct } from '@/test/product-fixtures';
import { TEST_CAPABILITIES, TEST_CATALOGUE_URL } from '@/test/render-app';
import { createCatalogueQueryClient } from '../catalogue-provider';
import { PRODUCTS_KEY } from '../products-key';
import { TIMED_OUT } from './catalogue-client';
import {
  fetchProducts,
  prefetchProducts,
  PRODUCTS_FAILED,
  PRODUCTS_MAX_BYTES,
  useKnownProducts,
  useProducts,
} from './products-query';

const catalogue = [makeProduct({ id: 1 }), makeProduct({ id: 2 })];

function stubFetch(...answers: (() => Response)[]) {
  const fetchMock = vi.fn<typeof fetch>(() => {
    const answer = answers.shift() ?? (() => Response.json(catalogue));
    return Promise.resolve(answer());
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The products page's query in the app's client: a visit to the page, until unmounted. */
function visit(client: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <CapabilitiesProvider capabilities={TEST_CAPABILITIES}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </CapabilitiesProvider>
  );
  return renderHook(() => useProducts(), { wrapper });
}

describe('GET /products', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the valid products and fails on a body that is not a list', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch(
      () => Response.json([catalogue[0], { id: 'x' }]),
      () => Response.json({ products: catalogue }),
    );
    await expect(fetchProducts(TEST_CATALOGUE_URL)).resolves.toEqual([catalogue[0]]);
    await expect(fetchProducts(TEST_CATALOGUE_URL)).rejects.toThrow(PRODUCTS_FAILED);
  });

  it('gives up on a catalogue that does not answer', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    await expect(fetchProducts(TEST_CATALOGUE_URL, undefined, 50)).rejects.toThrow(TIMED_OUT);
  });

  it('reads at most 20 MB: a larger list is the spec’s error, a list just under it is read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const list = JSON.stringify(catalogue);
    const padded = (bytes: number) => list.slice(0, -1) + ' '.repeat(bytes - list.length) + ']';
    expect(PRODUCTS_MAX_BYTES).toBe(20_000_000);
    stubFetch(
      () => new Response(padded(PRODUCTS_MAX_BYTES + 1)),
      () => new Response(padded(PRODUCTS_MAX_BYTES)),
    );
    await expect(fetchProducts(TEST_CATALOGUE_URL)).rejects.toThrow(PRODUCTS_FAILED);
    await expect(fetchProducts(TEST_CATALOGUE_URL)).resolves.toEqual(catalogue);
  });

  it('a deep link’s early download answers the page’s query: one request, then cached', async () => {
    const fetchMock = stubFetch();
    const client = createCatalogueQueryClient();
    await prefetchProducts(client, TEST_CATALOGUE_URL);
    const page = visit(client);
    expect(page.result.current.data).toEqual(catalogue);
    page.unmount();
    expect(visit(client).result.current.data).toEqual(catalogue);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(JSON.parse(localStorage.getItem(PRODUCTS_KEY) ?? '[]')).toEqual(catalogue);
  });

  it('a page that mounts while the early download runs waits for it rather than asking again', async () => {
    const fetchMock = stubFetch();
    const client = createCatalogueQueryClient();
    const early = prefetchProducts(client, TEST_CATALOGUE_URL);
    const page = visit(client);
    await act(() => early);
    await waitFor(() => expect(page.result.current.data).toEqual(catalogue));
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('a failed early download is the page’s error: not asked again on mount, only by Try again', async () => {
    const fetchMock = stubFetch(() => new Response('down', { status: 500 }));
    const client = createCatalogueQueryClient();
    await prefetchProducts(client, TEST_CATALOGUE_URL);
    const page = visit(client);
    expect(page.result.current.error?.message).toBe(PRODUCTS_FAILED);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetchMock).toHaveBeenCalledOnce();
    await act(() => page.result.current.refetch());
    await waitFor(() => expect(page.result.current.data).toEqual(catalogue));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a later visit to a failed catalogue asks again, as a page’s mount always has', async () => {
    const fetchMock = stubFetch(() => new Response('down', { status: 500 }));
    const client = createCatalogueQueryClient();
    await prefetchProducts(client, TEST_CATALOGUE_URL);
    visit(client).unmount();
    const again = visit(client);
    await waitFor(() => expect(again.result.current.data).toEqual(catalogue));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('nothing is fetched when a catalogue is cached, early or on the page (spec §7)', async () => {
    const fetchMock = stubFetch();
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify(catalogue.slice(1)));
    const client = createCatalogueQueryClient();
    await prefetchProducts(client, TEST_CATALOGUE_URL);
    expect(visit(client).result.current.data).toEqual(catalogue.slice(1));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a Try again takes a catalogue another tab cached meanwhile instead of asking', async () => {
    const fetchMock = stubFetch(() => new Response('down', { status: 500 }));
    const page = visit(createCatalogueQueryClient());
    await waitFor(() => expect(page.result.current.isError).toBe(true));
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify(catalogue));
    await act(() => page.result.current.refetch());
    await waitFor(() => expect(page.result.current.data).toEqual(catalogue));
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('the cart’s suggestions see the catalogue as far as it is known, never fetching it', () => {
    const fetchMock = stubFetch();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <CapabilitiesProvider capabilities={TEST_CAPABILITIES}>
        <QueryClientProvider client={createCatalogueQueryClient()}>{children}</QueryClientProvider>
      </CapabilitiesProvider>
    );
    expect(renderHook(() => useKnownProducts(), { wrapper }).result.current).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
