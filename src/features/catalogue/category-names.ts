import type { Category } from '@shared/categories';
import type { Message } from '@/i18n/messages';
import { categoryText } from './categories.messages';

/** What the category buttons and tiles call each category ('All' is the list's own). */
export const CATEGORY_NAMES: Readonly<Record<Category, Message>> = {
  "women's clothing": categoryText.womens,
  "men's clothing": categoryText.mens,
  jewelery: categoryText.jewelery,
  electronics: categoryText.electronics,
};
