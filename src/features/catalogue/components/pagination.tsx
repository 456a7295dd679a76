import { memo } from 'react';
import { ChevronIcon } from '@/components/ui/page-icons';
import { useI18n } from '@/i18n/language-store';
import { catalogueText } from '../catalogue.messages';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/**
 * The pages' place while the catalogue loads: the same height, unseen, and nothing a
 * screen reader, the keys or the kiosk's speech find (its buttons are disabled).
 */
export function PaginationPlace() {
  return (
    <div aria-hidden="true" className="invisible">
      <div className="mt-10 flex flex-wrap items-center justify-center gap-2 sm:gap-4">
        <button type="button" className="btn-secondary" disabled tabIndex={-1}>
          &nbsp;
        </button>
      </div>
    </div>
  );
}

/**
 * Previous / Next with 'page / total' between them (spec §2). Memoised: a page change
 * renders it, a search that keeps the page count need not.
 */
export const Pagination = memo(function Pagination({ page, totalPages, onPage }: PaginationProps) {
  const { t } = useI18n();
  return (
    <nav
      data-pagination=""
      aria-label={t(catalogueText.pagination)}
      className="mt-10 flex flex-wrap items-center justify-center gap-2 sm:gap-4"
    >
      <button
        type="button"
        className="btn-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronIcon
          direction="left"
          width={20}
          height={20}
          className="max-sm:hidden rtl:-scale-x-100"
        />
        {t(catalogueText.previous)}
      </button>
      <p
        className="min-w-14 text-center font-semibold tabular"
        aria-live="polite"
        data-page={page}
        data-pages={totalPages}
      >
        {t(catalogueText.pageOf, { page, pages: totalPages })}
      </p>
      <button
        type="button"
        className="btn-secondary"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t(catalogueText.next)}
        <ChevronIcon
          direction="right"
          width={20}
          height={20}
          className="max-sm:hidden rtl:-scale-x-100"
        />
      </button>
    </nav>
  );
});
