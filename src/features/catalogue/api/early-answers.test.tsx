import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CapabilitiesProvider } from '@/platform/capabilities-context';
import { makeProduct } from '@/test/product-fixtures';
import { TEST_CAPABILITIES, TEST_CATALOGUE_URL } from '@/test/render-app';
import { createCatalogueQueryClient } from '../catalogue-provider';
import { prefetchProduct, PRODUCT_FAILED, useProduct } from './product-query';

const product = makeProduct({ id: 5 });

/** The product page's query in the app's client: a visit to /product/5, until unmounted. */
function visit(client: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <CapabilitiesProvider capabilities={TEST_CAPABILITIES}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </CapabilitiesProvider>
  );
  return renderHook(() => useProduct('5'), { wrapper });
}

describe("a deep link's early call is the page's one call", () => {
  afterEach(() => vi.unstubAllGlobals());

  // Spec §7 allows one call for a failing product (tests/e2e/web/robustness.spec.ts): the
  // deep link's early call failed before the page mounted, and the page's mount must not
  // ask again.
  it('a failed early product call is shown, not asked again when the page mounts', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const client = createCatalogueQueryClient();
    await prefetchProduct(client, TEST_CATALOGUE_URL, '5');
    const page = visit(client);
    await waitFor(() => expect(page.result.current.isError).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('a later visit to the failed product asks again, as a page’s mount always has', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('down', { status: 500 }))
      .mockResolvedValueOnce(Response.json(product));
    vi.stubGlobal('fetch', fetchMock);
    const client = createCatalogueQueryClient();
    await prefetchProduct(client, TEST_CATALOGUE_URL, '5');
    const first = visit(client);
    expect(first.result.current.error?.message).toBe(PRODUCT_FAILED);
    first.unmount();
    const again = visit(client);
    await waitFor(() => expect(again.result.current.data).toEqual(product));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
