import type { ReactNode } from 'react';

/** 1, 2 or 3 columns by width; two large columns on a portrait kiosk (1080 px). */
export function ProductGrid({
  children,
  label,
  loading = false,
}: {
  children: ReactNode;
  label: string;
  /** Placeholders while the catalogue loads, not products. */
  loading?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      // What the kiosk's speech counts as the page's products.
      data-products={loading ? undefined : ''}
      className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3"
    >
      {children}
    </ul>
  );
}
