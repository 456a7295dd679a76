import type { ReactNode } from 'react';

/** 1, 2 or 3 columns by width; two large columns on a portrait kiosk (1080 px). */
export function ProductGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
      {children}
    </ul>
  );
}
