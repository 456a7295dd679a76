import type { ReactNode } from 'react';

/** 1, 2 or 3 columns by width (grid-columns.ts); two large columns on a portrait kiosk (1080 px). */
export function ProductGrid({
  children,
  label,
  products,
  evenRows = false,
}: {
  children: ReactNode;
  label: string;
  /**
   * How many products the grid shows, the cards still to come included (the kiosk's speech
   * says it as the page's count). None: placeholders while the catalogue loads.
   */
  products?: number;
  /** Every row as tall as the tallest: empty places below the top row keep its height. */
  evenRows?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      data-products={products}
      className={`grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3 ${evenRows ? 'auto-rows-fr' : ''}`}
    >
      {children}
    </ul>
  );
}
