import type { Category } from '@shared/categories';
import type { ShownLanguage } from '@/i18n/language-store';
import type { Message } from '@/i18n/messages';
import { productCategoryText } from './product-category.messages';

const ON_PRODUCT: Readonly<Record<Category, Message>> = {
  "women's clothing": productCategoryText.womens,
  "men's clothing": productCategoryText.mens,
  jewelery: productCategoryText.jewelery,
  electronics: productCategoryText.electronics,
};

/**
 * A product's category as its card shows it: a category the shop knows in the shown
 * language, any other as the catalogue gives it.
 */
export function productCategory(category: string, { t }: Pick<ShownLanguage, 't'>): string {
  const known = Object.hasOwn(ON_PRODUCT, category) ? ON_PRODUCT[category as Category] : undefined;
  return known ? t(known) : category;
}
