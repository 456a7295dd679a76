import type { ComponentType, SVGProps } from 'react';
import { CATEGORIES, type Category } from '@shared/categories';
import { DressIcon, LaptopIcon, RingIcon, ShirtIcon } from '@/components/ui/icons';
import { ShopLink } from '@/components/ui/shop-link';
import { useI18n } from '@/i18n/language-store';
import { CATEGORY_NAMES } from '../category-names';
import { catalogueHomeText } from '../home.messages';

const TILES: Record<Category, { icon: ComponentType<SVGProps<SVGSVGElement>>; colours: string }> = {
  "women's clothing": { icon: DressIcon, colours: 'bg-rose-50 text-rose-900' },
  "men's clothing": { icon: ShirtIcon, colours: 'bg-sky-50 text-sky-900' },
  jewelery: { icon: RingIcon, colours: 'bg-amber-50 text-amber-900' },
  electronics: { icon: LaptopIcon, colours: 'bg-emerald-50 text-emerald-900' },
};

/**
 * 'Shop by category': a tile per category, each opening the catalogue filtered by it. It
 * takes the room it is given: on a portrait kiosk the tiles grow to big touch targets.
 */
export function CategoryTiles() {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="categories-heading"
      className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-10 sm:px-6 landscape:lg:py-6"
    >
      <h2 id="categories-heading" className="text-2xl font-bold">
        {t(catalogueHomeText.shopByCategory)}
      </h2>
      <ul className="mt-6 grid flex-1 grid-cols-2 gap-4 sm:gap-6 landscape:lg:grid-cols-4">
        {CATEGORIES.map((category) => {
          const { icon: Icon, colours } = TILES[category.value];
          return (
            <li key={category.value} className="flex min-w-0">
              <ShopLink
                to={`/products?category=${encodeURIComponent(category.value)}`}
                className={`flex min-h-28 min-w-0 flex-1 flex-col justify-between gap-4 rounded-2xl p-5 text-lg font-bold [overflow-wrap:anywhere] transition-transform duration-150 active:scale-[0.98] portrait:lg:min-h-52 portrait:lg:p-8 portrait:lg:text-3xl ${colours}`}
              >
                <Icon className="size-10 portrait:lg:size-24" strokeWidth={1.5} />
                {t(CATEGORY_NAMES[category.value])}
              </ShopLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
