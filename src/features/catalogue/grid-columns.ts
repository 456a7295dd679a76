/**
 * How many columns the product grid has at this width (product-grid.tsx): 3 from
 * Tailwind's `xl` (80rem), 2 from `sm` (40rem), 1 on a phone. Null where there are no media
 * queries to ask (tests, old engines, the build writing a first screen): the caller then
 * assumes nothing about the layout.
 */
export const GRID_COLUMNS = [
  { query: '(min-width: 80rem)', columns: 3, className: 'xl:grid-cols-3' },
  { query: '(min-width: 40rem)', columns: 2, className: 'sm:grid-cols-2' },
] as const;

export function gridColumns(): number | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return GRID_COLUMNS.find(({ query }) => window.matchMedia(query).matches)?.columns ?? 1;
}
