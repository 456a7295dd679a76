import { defineMessages } from '@/i18n/messages';

/** What the catalogue shows on the landing page. */
export const catalogueHomeText = defineMessages('catalogueHome', {
  shopByCategory: 'Shop by category',
});
