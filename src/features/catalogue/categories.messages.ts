import { defineMessages } from '@/i18n/messages';

/** Category names, as the category buttons and the landing page's tiles name them. */
export const categoryText = defineMessages('category', {
  womens: "Women's clothing",
  mens: "Men's clothing",
  jewelery: 'Jewelery',
  electronics: 'Electronics',
});
