import { defineMessages } from '@/i18n/messages';

/** The shop's shared building blocks: add buttons, quantities, ratings, images, prices. */
export const controlsText = defineMessages('controls', {
  added: 'Added',
  decrease: 'Decrease quantity',
  quantity: 'Quantity',
  increase: 'Increase quantity',
  limit: 'Limit {max} per product',
  rated: 'Rated {stars} out of 5',
  reviews: '({count, plural, one {# review} other {# reviews}})',
  imageUnavailable: 'Image unavailable',
  was: 'Was ',
});
