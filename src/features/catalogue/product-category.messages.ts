import { defineMessages } from '@/i18n/messages';

/**
 * A product's category as its card, its page and a cart line show it: in English the
 * catalogue's own lower-case word, which the page shows in capitals.
 */
export const productCategoryText = defineMessages('productCategory', {
  womens: "women's clothing",
  mens: "men's clothing",
  jewelery: 'jewelery',
  electronics: 'electronics',
});
