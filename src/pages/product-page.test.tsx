import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { useCartStore } from '@/features/cart/public';
import { makeProduct } from '@/test/product-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';

const product = makeProduct({
  id: 3,
  title: 'Wireless Noise Cancelling Headphones',
  price: 1299.99,
});

describe('product page', () => {
  let fetchMock: Mock<typeof fetch>;
  beforeEach(async () => {
    localStorage.clear();
    await useCartStore.persist.rehydrate();
    useCartStore.getState().clearCart();
    fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(product)));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the product and adds the chosen quantity; Buy it now appears once in the cart', async () => {
    const user = userEvent.setup();
    await renderApp('/product/3');
    expect(screen.getByText('Loading product…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: product.title }),
    ).toBeInTheDocument();
    expect(screen.getByText('$1,299.99')).toBeInTheDocument();
    expect(screen.getByText('In stock')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
    expect(screen.queryByRole('link', { name: 'Buy it now' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('button', { name: 'Added' })).toBeInTheDocument();
    expect(useCartStore.getState().cart[0]?.quantity).toBe(2);
    expect(useCartStore.getState().subtotalCents).toBe(259998);
    expect(screen.getByRole('link', { name: 'Buy it now' })).toHaveAttribute('href', '/cart');
  });

  it('a page change focuses main while the product loads, then its heading when it comes', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { router } = await renderApp('/about');
    await router.navigate('/product/3');
    expect(screen.getByText('Loading product…')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
    answer(jsonResponse(product));
    const heading = await screen.findByRole('heading', { level: 1, name: product.title });
    await vi.waitFor(() => expect(heading).toHaveFocus());
  });

  const failures: [string, () => Response][] = [
    ['a 404', () => new Response('{"error":"Product not found"}', { status: 404 })],
    ['a 500', () => new Response('', { status: 500 })],
    ['an empty 200 body (the public API for unknown ids)', () => new Response('', { status: 200 })],
    ['a body that is not a product', () => jsonResponse({ hello: 'world' })],
  ];
  for (const [name, respond] of failures) {
    it(`shows Error: Failed to fetch product on ${name}`, async () => {
      fetchMock.mockImplementation(() => Promise.resolve(respond()));
      await renderApp('/product/3');
      expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch product');
    });
  }

  it('never sends an odd id to the catalogue', async () => {
    await renderApp('/product/..%2F..%2Fadmin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch product');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a network error with its own message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderApp('/product/3');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch');
  });
});

describe('back to products', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(product))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('returns to the list the shopper came from, with its category and page', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/about');
    await router.navigate('/products?category=electronics&page=2');
    await router.navigate('/product/3');
    await user.click(await screen.findByRole('link', { name: '← Back to products' }));
    expect(router.location.pathname + router.location.search).toBe(
      '/products?category=electronics&page=2',
    );
  });

  it('goes to the catalogue from a deep link', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/product/3');
    await user.click(await screen.findByRole('link', { name: '← Back to products' }));
    expect(router.location.pathname).toBe('/products');
  });
});
