import { memo } from 'react';
import { formatCount } from '@web-shared/lib/count';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** Previous / next through the kiosk list: only one page of rows is ever drawn. */
export const Pager = memo(function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label="Kiosk pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted">
        {total === 0
          ? 'No kiosks match'
          : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <span className="px-2 text-sm text-muted tabular">
          Page {page + 1} of {pages}
        </span>
        <button
          type="button"
          className="btn-secondary"
          disabled={page >= pages - 1}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  );
});
