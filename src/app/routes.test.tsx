import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rootsMade } from '@/test/root-spy';
import { catalogueKeys } from '@/features/catalogue/api/catalogue-keys';
import { makeProduct } from '@/test/product-fixtures';
import { CapabilitiesProvider } from '@/platform/capabilities-context';
import { TEST_CAPABILITIES } from '@/test/render-app';
import {
  CatalogueCacheProvider,
  createCatalogueCache,
  type CatalogueCache,
} from './catalogue-cache';
import { lazyPages, prepareDeepLink, rehearseProductsPage, warmUpPages } from './routes';

vi.mock('react-dom/client', async (importOriginal) =>
  (await import('@/test/root-spy')).spiedClient(await importOriginal()),
);

const CATALOGUE = 'http://catalogue.test';

const fetchSpy = () => {
  const spy = vi
    .fn<typeof fetch>()
    .mockImplementation(() => Promise.resolve(Response.json([makeProduct({ id: 1 })])));
  vi.stubGlobal('fetch', spy);
  return spy;
};

describe('prepareDeepLink (a deep link’s data, beside its code)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const noClientYet = () => {
    throw new Error('the early download made no client');
  };

  it('starts the catalogue download on /products when nothing is cached, into the app’s query client', async () => {
    const spy = fetchSpy();
    const cache = createCatalogueCache();
    await prepareDeepLink('/products', CATALOGUE, cache);
    expect(spy).toHaveBeenCalledOnce();
    expect(spy).toHaveBeenCalledWith(`${CATALOGUE}/products`, expect.anything());
    const client = cache.client(noClientYet);
    await vi.waitFor(() =>
      expect(client.getQueryData(catalogueKeys.list(CATALOGUE))).toEqual([makeProduct({ id: 1 })]),
    );
  });

  it('starts a product page’s own call on /product/3, and nothing else', async () => {
    const spy = fetchSpy();
    await prepareDeepLink('/product/3', CATALOGUE, createCatalogueCache());
    await vi.waitFor(() => expect(spy).toHaveBeenCalledOnce());
    expect(spy).toHaveBeenCalledWith(`${CATALOGUE}/products/3`, expect.anything());
  });

  it('fetches nothing on other pages, or when a catalogue is cached (spec §7)', async () => {
    const spy = fetchSpy();
    for (const path of ['/', '/home', '/about', '/cart', '/checkout', '/nope']) {
      await prepareDeepLink(path, CATALOGUE, createCatalogueCache());
    }
    localStorage.setItem('products', JSON.stringify([makeProduct({ id: 1 })]));
    const cache = createCatalogueCache();
    await prepareDeepLink('/products', 'http://cached.test', cache);
    expect(spy).not.toHaveBeenCalled();
    expect(
      cache.client(noClientYet).getQueryData(catalogueKeys.list('http://cached.test')),
    ).toEqual([makeProduct({ id: 1 })]);
  });
});

describe('the warm-up while the shop is idle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  const inShop = (cache: CatalogueCache) => (page: ReactNode) => (
    <CapabilitiesProvider capabilities={{ ...TEST_CAPABILITIES, catalogueUrl: CATALOGUE }}>
      <CatalogueCacheProvider value={cache}>{page}</CatalogueCacheProvider>
    </CapabilitiesProvider>
  );

  it('readies the products page when a catalogue is cached, and rehearses it with its cards, asking nothing', async () => {
    const spy = fetchSpy();
    const shirt = makeProduct({ id: 7, title: 'Rehearsed linen shirt' });
    localStorage.setItem('products', JSON.stringify([shirt]));
    const cache = createCatalogueCache();
    await expect(warmUpPages(CATALOGUE, cache)).resolves.toBe(true);
    const title = document.title;
    const made = rootsMade.length;
    rehearseProductsPage(inShop(cache));
    await vi.waitFor(() => expect(rootsMade[made]?.unmounted).toBe(true));
    const texts = rootsMade[made]?.texts.join() ?? '';
    expect(texts).toContain(shirt.title);
    expect(texts).toContain('Add to Cart');
    expect(document.body.textContent).not.toContain(shirt.title);
    expect(document.title).toBe(title);
    expect(spy).not.toHaveBeenCalled();
  });

  it('takes one step an idle turn, so no single task asks for every page at once', async () => {
    const turns: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => turns.push(run));
    const asked = lazyPages.map((page) => vi.spyOn(page, 'preload'));
    const askedSoFar = () => asked.filter((spy) => spy.mock.calls.length > 0).length;
    const ready = warmUpPages(CATALOGUE, createCatalogueCache());
    await Promise.resolve();
    expect(askedSoFar()).toBe(1);
    for (let step = 2; step <= lazyPages.length; step++) {
      expect(turns).toHaveLength(step - 1);
      turns[step - 2]?.();
      await vi.waitFor(() => expect(askedSoFar()).toBe(step));
    }
    expect(turns).toHaveLength(lazyPages.length - 1);
    // Nothing cached here: the products page is not ready to show cards.
    await expect(ready).resolves.toBe(false);
  });

  it('says whether the products page is ready without waiting for the other pages', async () => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    await expect(warmUpPages(CATALOGUE, createCatalogueCache())).resolves.toBe(false);
  });

  it('says the products page is not ready when nothing is cached: no rehearsal, no fetch (spec §7)', async () => {
    const spy = fetchSpy();
    await expect(warmUpPages(CATALOGUE, createCatalogueCache())).resolves.toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });
});
