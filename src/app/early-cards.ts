/**
 * The products page's early cards, as a script of their own (vite-plugins/first-screens.mts
 * builds it apart from the app and loads it, async, only on the products page it writes):
 * the catalogue's first cards painted from its answer before the app's code has arrived
 * (src/features/catalogue/early-cards/early-cards.ts says how, and how the app takes over).
 */
import { startEarlyCards } from '@/features/catalogue/early-cards/early-cards';
import { cardListPrice } from '@/features/cart/public';
import { FIRST_SCREEN_META } from './early-start';

startEarlyCards(document, {
  catalogue: __SHOP_CATALOGUE_URL__,
  writtenFor: document.querySelector<HTMLMetaElement>(`meta[name=${FIRST_SCREEN_META}]`)?.content,
  listPrice: cardListPrice,
});
