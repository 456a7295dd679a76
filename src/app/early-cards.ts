/**
 * The early paint, as a script of its own (vite-plugins/first-screens.mts builds it apart
 * from the app and loads it, async, only on the products page and the product page it
 * writes): the catalogue's first cards, or the page's product, painted from the catalogue's
 * answer before the app's code runs (src/features/catalogue/early-cards/early-cards.ts and
 * early-product.ts say how, and how the app takes over).
 *
 * On those pages this script also starts the app: the page only preloads the app's entry, and
 * the entry is imported here once the cards are painted, or at once when nothing is to be
 * painted, or when anything goes wrong. Compiling and running the app's code took the main
 * thread for most of a first visit's first 100–200 ms, the frame of the painted cards
 * behind it.
 */
import { startEarlyCards } from '@/features/catalogue/early-cards/early-cards';
import { startEarlyProduct } from '@/features/catalogue/early-cards/early-product';
import { cardListPrice } from '@/features/cart/public';
import { FIRST_SCREEN_META } from './early-start';

/** Where the page names the app's entry (vite-plugins/first-screens.mts withEarlyCards). */
export const ENTRY_ATTRIBUTE = 'data-shop-entry';

function startTheApp(): void {
  const entry = document.querySelector(`script[${ENTRY_ATTRIBUTE}]`)?.getAttribute(ENTRY_ATTRIBUTE);
  // Only a file of this build's own: nothing the page could be made to name instead.
  if (entry && /^\/assets\/[\w.-]+\.js$/.test(entry)) void import(/* @vite-ignore */ entry);
}

try {
  const writtenFor = document.querySelector<HTMLMetaElement>(
    `meta[name=${FIRST_SCREEN_META}]`,
  )?.content;
  const catalogue = __SHOP_CATALOGUE_URL__;
  (writtenFor === '/products'
    ? startEarlyCards(document, { catalogue, writtenFor, listPrice: cardListPrice })
    : startEarlyProduct(document, { catalogue, writtenFor })
  ).then(startTheApp, startTheApp);
} catch {
  startTheApp();
}
