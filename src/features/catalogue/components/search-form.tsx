import { memo, useRef, type SubmitEvent } from 'react';
import { SearchIcon } from '@/components/ui/page-icons';
import { useI18n } from '@/i18n/language-store';
import { catalogueText } from '../catalogue.messages';

/**
 * Required field, Enter submits, cleared after every search (spec §5). Memoised: a category
 * or a page change leaves the form as it is. The field is the browser's own (uncontrolled):
 * typing renders nothing, and a search clears it with the form's reset, not a render, so
 * the new grid is all that React has to draw.
 */
export const SearchForm = memo(function SearchForm({
  onSearch,
  onDraft,
}: {
  onSearch: (term: string) => void;
  /** The field's text as the shopper types it (the kiosk keyboard's keys too). */
  onDraft?: (text: string) => void;
}) {
  const field = useRef<HTMLInputElement>(null);
  const { t } = useI18n();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(field.current?.value ?? '');
    event.currentTarget.reset();
  };
  return (
    <form role="search" onSubmit={submit} className="flex w-full gap-2 sm:max-w-xl">
      <label htmlFor="product-search" className="sr-only">
        {t(catalogueText.searchLabel)}
      </label>
      <div className="relative flex-1">
        <SearchIcon className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          id="product-search"
          type="search"
          required
          maxLength={100}
          enterKeyHint="search"
          data-osk="text"
          placeholder={t(catalogueText.searchPlaceholder)}
          className="field w-full ps-11"
          ref={field}
          onInput={onDraft && ((event) => onDraft(event.currentTarget.value))}
        />
      </div>
      <button type="submit" className="btn-primary">
        {t(catalogueText.search)}
      </button>
    </form>
  );
});
