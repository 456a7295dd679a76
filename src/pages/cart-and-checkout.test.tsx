import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from '@/features/cart/public';
import { makeProduct } from '@/test/product-fixtures';
import { renderApp } from '@/test/render-app';

const shirt = makeProduct({
  id: 1,
  price: 109.95,
  title: 'Classic Oxford Shirt in Pale Blue Cotton',
});
const ring = makeProduct({
  id: 2,
  price: 22.3,
  category: 'jewelery',
  title: 'Silver Ring With a Small Blue Stone',
});

function summaryValue(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('cart and checkout', () => {
  beforeEach(async () => {
    localStorage.clear();
    await useCartStore.persist.rehydrate();
    useCartStore.getState().clearCart();
  });

  it('shows the summary rows with savings 10%, tax 20% and free pickup', async () => {
    useCartStore.getState().addToCart(shirt, 2);
    useCartStore.getState().addToCart(ring, 1);
    await renderApp('/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    expect(summaryValue('Original price')).toBe('$242.20');
    expect(summaryValue('Savings')).toBe('-$24.22');
    expect(summaryValue('Store Pickup')).toBe('FREE');
    expect(summaryValue('Tax')).toBe('$48.44');
    expect(summaryValue('Total')).toBe('$266.42');
  });

  it('totals are right after removing the last line', async () => {
    const user = userEvent.setup();
    useCartStore.getState().addToCart(ring, 1);
    await renderApp('/cart');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('heading', { level: 1, name: 'No items in cart' })).toBeInTheDocument();
    expect(useCartStore.getState()).toMatchObject({ subtotalCents: 0, savingsCents: 0 });
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('Remove hands the focus to the line that takes its place, then to the empty cart', async () => {
    const user = userEvent.setup();
    const bag = makeProduct({ id: 3, price: 5, title: 'Canvas Tote Bag' });
    for (const product of [shirt, ring, bag]) useCartStore.getState().addToCart(product, 1);
    await renderApp('/cart');
    const removes = () => screen.getAllByRole('button', { name: 'Remove' });

    removes()[0]!.focus();
    await user.keyboard('{Enter}');
    expect(removes()).toHaveLength(2);
    expect(document.activeElement).toBe(removes()[0]);
    expect(document.activeElement).toHaveAccessibleDescription(ring.title);

    removes()[1]!.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(removes()[0]);
    expect(document.activeElement).toHaveAccessibleDescription(ring.title);

    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'No items in cart' }),
    );
  });

  it('changes a line quantity with the stepper', async () => {
    const user = userEvent.setup();
    useCartStore.getState().addToCart(ring, 1);
    await renderApp('/cart');
    const line = within(screen.getByRole('region', { name: 'Items in your cart' })).getByRole(
      'listitem',
    );
    await user.click(within(line).getByRole('button', { name: 'Increase quantity' }));
    expect(within(line).getByText('$44.60')).toBeInTheDocument();
  });

  it('a voucher field is cleared after every attempt', async () => {
    const user = userEvent.setup();
    useCartStore.getState().addToCart(ring, 1);
    await renderApp('/cart');
    const field = screen.getByRole('textbox', { name: 'Do you have a voucher or gift card?' });
    await user.type(field, 'nope{Enter}');
    expect(field).toHaveValue('');
    expect(screen.queryByText(/applied/)).not.toBeInTheDocument();
    await user.type(field, 'SHOPMAX');
    await user.click(screen.getByRole('button', { name: 'Apply Code' }));
    expect(field).toHaveValue('');
    expect(summaryValue('Savings')).toBe('-$2.23');
  });

  it('confirming checkout clears the cart, shows a receipt and hides the totals', async () => {
    const user = userEvent.setup();
    useCartStore.getState().addToCart(shirt, 1);
    await renderApp('/checkout');
    expect(screen.getByText('Qty 1')).toBeInTheDocument();
    // 109.95 + 21.99 tax − 11.00 savings (10.995 rounded half up)
    expect(summaryValue('Total (incl. tax)')).toBe('$120.94');
    await user.click(screen.getByRole('button', { name: 'Confirm Purchase !' }));
    const thanks = screen.getByRole('heading', { level: 1, name: 'Thank you for your purchase!' });
    // The confirm button is gone: the focus is on the news, not lost to the page.
    expect(thanks).toHaveFocus();
    expect(screen.getByText(/^Receipt-\d{13}-\d{1,3}$/)).toBeInTheDocument();
    expect(screen.queryByText('Total (incl. tax)')).not.toBeInTheDocument();
    expect(localStorage.getItem('cart')).toBe('[]');
    expect(localStorage.getItem('savings')).toBe('0');
    expect(localStorage.getItem('totalPriceBeforeTax')).toBe('0');
  });

  it('keeps the last receipt findable after a reload of the thank-you page', async () => {
    const user = userEvent.setup();
    useCartStore.getState().addToCart(shirt, 1);
    const first = await renderApp('/checkout');
    await user.click(screen.getByRole('button', { name: 'Confirm Purchase !' }));
    const receipt = screen.getByText(/^Receipt-\d{13}-\d{1,3}$/).textContent;
    first.unmount();
    await renderApp('/checkout');
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByText(receipt)).toBeInTheDocument();
    expect(Object.keys(localStorage).sort()).toEqual([
      'cart',
      'products',
      'savings',
      'totalPriceBeforeTax',
    ]);
  });

  it('checkout with an empty cart offers no confirm button', async () => {
    await renderApp('/checkout');
    expect(screen.queryByRole('button', { name: 'Confirm Purchase !' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep Shoping' })).toHaveAttribute('href', '/products');
  });

  it('an unknown route shows the error page with a link home', async () => {
    await renderApp('/no/such/page');
    expect(
      screen.getByRole('heading', { name: "Oh no, this route doesn't exist!" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
  });
});
