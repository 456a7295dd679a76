/**
 * A product page's early paint: on the page the build wrote for /product/{id} (loading),
 * the product painted from the catalogue's answer before the app's code has arrived, as
 * the products page's early cards are (early-cards.ts):
 *
 * - It makes the page's one call of that product (spec §7), taking the early start's hint,
 *   and hands the answer, failure included, to the app's product query
 *   (../api/early-products.ts), which takes it instead of calling again.
 * - With the answer it puts the app's own product markup, written at build time for a
 *   stand-in and filled with the product (fill-card.ts), in the product's place on the
 *   loading page (../components/product-slot.tsx). Where the app puts the quantity and
 *   'Add to Cart', the painted page shows their shape, shimmering: they wait visibly for
 *   the app, which then renders the product page in that place, controls included.
 *
 * It paints nothing where the page would not show that product as written: the early start
 * hid the page (another language, items in the cart), the address holds a search, the path
 * names no product the app would ask for, or the product's image is not one the page
 * shows. The app then shows the product itself, as it always has.
 */
import type { Product } from '@shared/product-rule';
import { isCatalogueImageUrl } from '@shared/product-rule';
import { IN_ENGLISH_TEXTS } from '@/i18n/english';
import { productUrl } from '../api/catalogue-urls';
import { offerEarlyCall } from '../api/early-products';
import { fetchProduct } from '../api/fetch-product';
import { PRODUCT_SLOT, PRODUCT_TEMPLATE_ID } from './card-template';
import { detailValues, fillCard } from './fill-card';
import { paintWhenAnswered } from './paint-moments';

export interface EarlyProductSetup {
  catalogue: string;
  /** The route the page's HTML was written for (src/app/early-start.ts FIRST_SCREEN_META). */
  writtenFor: string | undefined;
}

/** The id a product page's path names, as the router reads it (case aside, a trailing slash). */
export function productIdOf(pathname: string): string | undefined {
  return /^\/product\/([^/]+)\/*$/i.exec(pathname)?.[1];
}

function paint(doc: Document, product: Product): void {
  const template = doc.getElementById(PRODUCT_TEMPLATE_ID);
  const slot = doc.querySelector(`#root [${PRODUCT_SLOT}]`);
  if (!(template instanceof HTMLTemplateElement) || !slot) return;
  if (!isCatalogueImageUrl(product.image) || doc.documentElement.hidden) return;
  const detail = template.content.cloneNode(true) as DocumentFragment;
  fillCard(detail, detailValues(product, IN_ENGLISH_TEXTS));
  const image = detail.querySelector('img');
  // An image that fails leaves its tile empty, never the browser's broken picture.
  image?.addEventListener('error', () => {
    image.style.visibility = 'hidden';
  });
  // A place of its own, as the loading one was: React takes the page over without looking
  // inside it, then renders the product in its place.
  const place = slot.cloneNode(false) as Element;
  place.append(detail);
  slot.replaceWith(place);
}

/**
 * Paints the product when it can, and resolves when the app may start: at once where
 * nothing is to be painted; else once the product is painted and a frame has shown it, or
 * the call failed, or the wait is over (paint-moments.ts).
 */
export async function startEarlyProduct(doc: Document, setup: EarlyProductSetup): Promise<void> {
  if (setup.writtenFor !== '/product/:id') return;
  if (doc.documentElement.hidden || doc.location.search !== '') return;
  const id = productIdOf(doc.location.pathname);
  const url = id === undefined ? undefined : productUrl(setup.catalogue, id);
  if (id === undefined || url === undefined) return;
  const answer = offerEarlyCall(url, () => fetchProduct(setup.catalogue, id));
  if (!answer) return;
  await paintWhenAnswered(doc, answer, (product) => paint(doc, product));
}
