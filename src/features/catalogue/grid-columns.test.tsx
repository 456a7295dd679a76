import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductGrid } from './components/product-grid';
import { GRID_COLUMNS, gridColumns } from './grid-columns';

describe('gridColumns', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the same breakpoints the grid lays its columns out by', () => {
    render(<ProductGrid label="Products">{null}</ProductGrid>);
    const classes = screen.getByRole('list', { name: 'Products' }).className.split(/\s+/);
    expect(classes).toContain('grid-cols-1');
    for (const { className } of GRID_COLUMNS) expect(classes).toContain(className);
    // Tailwind's sm and xl, in rem: a changed breakpoint must change both places.
    expect(GRID_COLUMNS.map(({ query }) => query)).toEqual([
      '(min-width: 80rem)',
      '(min-width: 40rem)',
    ]);
  });

  it('counts the columns of the widest breakpoint that matches, one below them all', () => {
    const matching = (queries: string[]) =>
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: queries.includes(query) }));
    matching(['(min-width: 80rem)', '(min-width: 40rem)']);
    expect(gridColumns()).toBe(3);
    matching(['(min-width: 40rem)']);
    expect(gridColumns()).toBe(2);
    matching([]);
    expect(gridColumns()).toBe(1);
    vi.stubGlobal('matchMedia', undefined);
    expect(gridColumns()).toBeNull();
  });
});
