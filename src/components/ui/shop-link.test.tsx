import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShopLink, ShopNavigationProvider } from './shop-link';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLink(target?: string) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <ShopNavigationProvider>
        <ShopLink to="/products" target={target}>
          Products
        </ShopLink>
        <Where />
      </ShopNavigationProvider>
    </MemoryRouter>,
  );
}

// After the router had its say: keeps the test DOM from following what it left alone.
const stayHere = (event: Event) => event.preventDefault();

describe('ShopLink', () => {
  beforeEach(() => window.addEventListener('click', stayHere));
  afterEach(() => window.removeEventListener('click', stayHere));

  it('is a real link that the router follows on a plain click', () => {
    renderLink();
    const link = screen.getByRole('link', { name: 'Products' });
    expect(link).toHaveAttribute('href', '/products');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/products');
  });

  it('leaves modified clicks and other targets to the browser', () => {
    renderLink();
    fireEvent.click(screen.getByRole('link', { name: 'Products' }), { ctrlKey: true });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('leaves a link with another target to the browser', () => {
    renderLink('_blank');
    fireEvent.click(screen.getByRole('link', { name: 'Products' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});
