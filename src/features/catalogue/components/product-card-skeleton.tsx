/** A placeholder the shape of a product card, shown while the catalogue loads. */
export function ProductCardSkeleton() {
  return (
    <div className="card flex flex-col p-4" aria-hidden="true">
      <div className="aspect-square animate-shimmer rounded-xl bg-tile" />
      <div className="mt-4 h-3 w-1/3 animate-shimmer rounded bg-slate-200" />
      <div className="mt-3 h-5 w-4/5 animate-shimmer rounded bg-slate-200" />
      <div className="mt-2 h-4 w-full animate-shimmer rounded bg-slate-100" />
      <div className="mt-1 h-4 w-2/3 animate-shimmer rounded bg-slate-100" />
      <div className="mt-6 h-11 w-full animate-shimmer rounded-lg bg-slate-200" />
    </div>
  );
}
