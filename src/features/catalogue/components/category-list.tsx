import { memo } from 'react';
import { useI18n } from '@/i18n/language-store';
import { CATEGORIES, type CategoryValue } from '../catalogue-rules';
import { catalogueText } from '../catalogue.messages';
import { CATEGORY_NAMES } from '../category-names';

interface CategoryListProps {
  active: CategoryValue;
  onSelect: (category: CategoryValue) => void;
}

/** Memoised: a search or a page change leaves the category buttons as they are. */
export const CategoryList = memo(function CategoryList({ active, onSelect }: CategoryListProps) {
  const { t } = useI18n();
  return (
    <div role="group" aria-label={t(catalogueText.categories)} className="flex flex-wrap gap-2">
      {CATEGORIES.map((category) => {
        const pressed = category.value === active;
        return (
          <button
            key={category.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onSelect(category.value)}
            className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${
              pressed
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-line bg-white text-ink hover:border-brand-600 hover:text-brand-700'
            }`}
          >
            {t(
              category.value === 'all'
                ? catalogueText.allCategories
                : CATEGORY_NAMES[category.value],
            )}
          </button>
        );
      })}
    </div>
  );
});
