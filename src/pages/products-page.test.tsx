import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { useCartStore } from '@/features/cart/public';
import { makeProduct } from '@/test/product-fixtures';
import { jsonResponse, renderApp, TEST_CATALOGUE_URL } from '@/test/render-app';

const catalogue = Array.from({ length: 14 }, (_, i) =>
  makeProduct({
    id: i + 1,
    title:
      i === 0
        ? 'Silver Dragon Ring with a Sapphire Stone Inlay'
        : `Product ${i + 1} title with plenty of words`,
    category: i % 2 === 0 ? 'jewelery' : 'electronics',
  }),
);

describe('products page', () => {
  let fetchMock: Mock<typeof fetch>;

  beforeEach(async () => {
    localStorage.clear();
    await useCartStore.persist.rehydrate();
    fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(catalogue)));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the catalogue once, caches it and shows 6 cards with pagination', async () => {
    await renderApp('/products');
    // The visit's first grid shows its top row a frame before the rest.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${TEST_CATALOGUE_URL}/products`);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('products') ?? '[]')).toHaveLength(14),
    );
  });

  it('does not call the catalogue when products are cached', async () => {
    localStorage.setItem('products', JSON.stringify(catalogue));
    await renderApp('/products');
    expect(await screen.findAllByRole('article')).toHaveLength(6);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a card with badge, truncated texts, prices, rating and stock', async () => {
    await renderApp('/products');
    const card = (await screen.findAllByRole('article'))[0]!;
    const inCard = within(card);
    expect(inCard.getByText('Hot Sale')).toBeInTheDocument();
    expect(
      inCard.getByRole('heading', { name: 'Silver Dragon Ring with a Sapphire...' }),
    ).toBeInTheDocument();
    expect(inCard.getByText('$10.00')).toBeInTheDocument();
    expect(inCard.getByText('$12.00')).toBeInTheDocument();
    expect(inCard.getByText('In Stock')).toBeInTheDocument();
    expect(inCard.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
  });

  it('searches case-insensitively, clears the field and resets to page 1', async () => {
    const user = userEvent.setup();
    await renderApp('/products?page=2');
    await screen.findByText('2 / 3');
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(box, 'DRAGON{Enter}');
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(box).toHaveValue('');
    expect(screen.getByText('1 / 1')).toBeInTheDocument();
  });

  it('filters by category and shows the whole catalogue when nothing matches', async () => {
    const user = userEvent.setup();
    await renderApp('/products');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Electronics' }));
    expect(screen.getByRole('button', { name: 'Electronics' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'no such thing{Enter}');
    expect(screen.getByText(/Showing the full catalogue instead/)).toBeInTheDocument();
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('shows Error: {message} with a way to try again', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    const user = userEvent.setup();
    await renderApp('/products');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch products');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(6);
  });

  it('shows a loading state first', async () => {
    fetchMock.mockReturnValueOnce(new Promise(() => undefined));
    await renderApp('/products');
    expect(screen.getByText('Loading products…')).toBeInTheDocument();
  });

  it('adding from a card updates the header badge', async () => {
    const user = userEvent.setup();
    await renderApp('/products');
    const [first] = await screen.findAllByRole('button', { name: 'Add to Cart' });
    await user.click(first!);
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('shows the next page at once and writes it to the URL once that is painted', async () => {
    const { router } = await renderApp('/products');
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Product 7');
    expect(router.location.search).toBe('');
    await waitFor(() => expect(router.location.search).toBe('?page=2'));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
  });

  it('the next page’s cards paint their texts first and their images right after', async () => {
    await renderApp('/products');
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const card = screen.getAllByRole('article')[0]!;
    expect(within(card).getByRole('heading')).toHaveTextContent('Product 7');
    expect(within(card).queryByRole('img', { name: /^Product 7/, hidden: true })).toBeNull();
    await waitFor(() =>
      expect(within(card).getByRole('img', { name: /^Product 7/, hidden: true })).toHaveAttribute(
        'src',
        catalogue[6]!.image,
      ),
    );
  });

  it('never drags a shopper who left before the URL was written back to the list', async () => {
    const { router } = await renderApp('/products');
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Electronics' }));
    await router.navigate('/cart');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(router.location.pathname).toBe('/cart');
  });

  it('a card shows the new product after a page change, not the last one’s state', async () => {
    const user = userEvent.setup();
    await renderApp('/products');
    const [first] = await screen.findAllByRole('button', { name: 'Add to Cart' });
    await user.click(first!);
    expect(screen.getAllByRole('article')[0]).toHaveTextContent('Added');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const card = screen.getAllByRole('article')[0]!;
    expect(within(card).getByRole('heading')).toHaveTextContent('Product 7');
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).getByRole('img', { name: /^Product 7/, hidden: true })).toHaveAttribute(
        'src',
        catalogue[6]!.image,
      ),
    );
  });
});
