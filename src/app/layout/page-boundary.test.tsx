import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ShopNavigationProvider } from '@/components/ui/shop-link';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageLoadError } from '../lazy-page';
import { PageBoundary } from './page-boundary';

function Broken({ error }: { error: unknown }): never {
  throw error;
}

function InRouter({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <ShopNavigationProvider>{children}</ShopNavigationProvider>
    </MemoryRouter>
  );
}

function renderBoundary(error: unknown, resetKey = '/a') {
  return render(
    <InRouter>
      <PageBoundary resetKey={resetKey}>
        <Broken error={error} />
      </PageBoundary>
    </InRouter>,
  );
}

describe('a page that fails', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page when it throws while rendering', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBoundary(new Error('boom'));
    expect(screen.getByRole('heading', { name: "Oh no, this route doesn't exist!" })).toBeVisible();
  });

  it('offers Try again when its code could not be downloaded', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBoundary(new PageLoadError(new TypeError('Failed to fetch')));
    expect(screen.getByRole('alert')).toHaveTextContent('Error: This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('clears the failure when the shopper goes elsewhere', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = renderBoundary(new Error('boom'), '/a');
    view.rerender(
      <InRouter>
        <PageBoundary resetKey="/b">
          <p>Another page</p>
        </PageBoundary>
      </InRouter>,
    );
    expect(screen.getByText('Another page')).toBeVisible();
  });
});
