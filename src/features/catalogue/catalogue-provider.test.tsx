import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/product-fixtures';
import { catalogueKeys } from './api/catalogue-keys';
import { CatalogueProvider, createCatalogueQueryClient } from './catalogue-provider';
import { PRODUCTS_KEY } from './products-key';

const URL = 'http://catalogue.test';
const OTHER_URL = 'http://other.test';

function renderProvider() {
  const client = createCatalogueQueryClient();
  const view = render(
    <CatalogueProvider client={client}>
      <p>page</p>
    </CatalogueProvider>,
  );
  return { client, ...view };
}

const ids = (list: { id: number }[] | undefined) => list?.map((product) => product.id);

describe('the catalogue cache across tabs', () => {
  it('takes the catalogue another tab fetched, instead of fetching it again', () => {
    const { client } = renderProvider();
    client.setQueryData(catalogueKeys.list(URL), [makeProduct({ id: 1 })]);
    client.setQueryData(catalogueKeys.list(OTHER_URL), [makeProduct({ id: 5 })]);
    client.setQueryData(catalogueKeys.detail(URL, '1'), makeProduct({ id: 1 }));
    const fetched = [makeProduct({ id: 1 }), makeProduct({ id: 2 })];
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify(fetched));
    window.dispatchEvent(new StorageEvent('storage', { key: PRODUCTS_KEY }));
    // Every products list, whichever host's, and nothing else.
    expect(ids(client.getQueryData(catalogueKeys.list(URL)))).toEqual([1, 2]);
    expect(ids(client.getQueryData(catalogueKeys.list(OTHER_URL)))).toEqual([1, 2]);
    expect(client.getQueryData(catalogueKeys.detail(URL, '1'))).toEqual(makeProduct({ id: 1 }));
  });

  it('ignores other keys and a copy that is not a catalogue', () => {
    const { client } = renderProvider();
    const key = catalogueKeys.list(URL);
    client.setQueryData(key, [makeProduct({ id: 1 })]);
    localStorage.setItem(PRODUCTS_KEY, '{"not":"a list"}');
    window.dispatchEvent(new StorageEvent('storage', { key: PRODUCTS_KEY }));
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify([makeProduct({ id: 9 })]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    expect(ids(client.getQueryData(key))).toEqual([1]);
  });

  it('stops listening when the provider goes', () => {
    const { client, unmount } = renderProvider();
    const key = catalogueKeys.list(URL);
    client.setQueryData(key, [makeProduct({ id: 1 })]);
    unmount();
    localStorage.setItem(PRODUCTS_KEY, JSON.stringify([makeProduct({ id: 9 })]));
    window.dispatchEvent(new StorageEvent('storage', { key: PRODUCTS_KEY }));
    expect(ids(client.getQueryData(key))).toEqual([1]);
  });
});
