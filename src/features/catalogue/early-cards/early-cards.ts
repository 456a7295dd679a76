/**
 * The products page's early cards: on the page the build wrote (a first visit's /products,
 * loading), the catalogue's first cards painted from its answer before the app's code has
 * arrived. A script of its own, loaded beside the app's (vite-plugins/first-screens.mts):
 *
 * - It makes the page's one catalogue call (spec §7), taking the early start's hint, and
 *   hands the answer, failure included, to the app's query (../api/early-products.ts).
 * - With the answer it paints the first page's cards into the loading grid's places
 *   (../components/product-card-skeleton.tsx), each the app's own card markup, written at
 *   build time, filled with the product (fill-card.ts). React takes the page over without
 *   looking inside those places, then puts its own cards there.
 * - A tap on a painted 'Add to Cart' is kept: the button shows it is waiting, and once the
 *   app's cards are there the tap is made again on that product's card, so the cart, the
 *   'Added' tick and its announcement are the app's own.
 *
 * It paints nothing where the page would not show the first page of the whole catalogue as
 * written: the early start hid the page (another language, a cart, a cached catalogue), the
 * address asks for a search, category or page, or a product's image is not one the card
 * shows. The app then shows the cards itself, as it always has.
 */
import type { Product } from '@shared/product-rule';
import { isCatalogueImageUrl } from '@shared/product-rule';
import type { Cents } from '@web-shared/lib/money';
import { IN_ENGLISH_TEXTS } from '@/i18n/english';
import { fetchProducts } from '../api/products-query';
import { productsUrl } from '../api/catalogue-urls';
import { offerEarlyProducts } from '../api/early-products';
import { PAGE_SIZE } from '../catalogue-rules';
import { CARD_SLOT, CARD_TEMPLATE_ID } from './card-template';
import { cardValues, fillCard } from './fill-card';

/** How many of the first cards load their image at once, as the app's first row does. */
const EAGER_IMAGES = 3;
/** A kept tap waits at most this long for the app's card (40 × 50 ms). */
const REPLAY_TRIES = 40;

export interface EarlyCardsSetup {
  catalogue: string;
  /** The route the page's HTML was written for (src/app/early-start.ts FIRST_SCREEN_META). */
  writtenFor: string | undefined;
  /** A card's struck-through price (the cart's rule). */
  listPrice: (price: number) => Cents;
}

function paintable(doc: Document, products: readonly Product[]): boolean {
  return (
    products.length > 0 &&
    products.slice(0, PAGE_SIZE).every((product) => isCatalogueImageUrl(product.image)) &&
    !doc.documentElement.hidden
  );
}

/** The painted card's button: waiting, its tap kept for the app. */
function keepTaps(button: HTMLButtonElement, id: number, taps: number[]): void {
  button.addEventListener('click', (event) => {
    event.preventDefault();
    if (!taps.includes(id)) taps.push(id);
    button.setAttribute('aria-busy', 'true');
    button.style.opacity = '0.7';
    button.style.cursor = 'progress';
  });
}

/** Each kept tap, made again on the app's card of that product once it is there. */
function replayTaps(doc: Document, taps: readonly number[]): void {
  let tries = 0;
  const pending = [...taps];
  const attempt = (): void => {
    for (const id of [...pending]) {
      const link = doc.querySelector(`main article a[href="/product/${id}"]`);
      const button = link?.closest('article')?.querySelector('button');
      if (!button) continue;
      pending.splice(pending.indexOf(id), 1);
      button.click();
    }
    tries += 1;
    if (pending.length > 0 && tries < REPLAY_TRIES) setTimeout(attempt, 50);
  };
  setTimeout(attempt, 0);
}

function paint(doc: Document, products: readonly Product[], setup: EarlyCardsSetup): void {
  const template = doc.getElementById(CARD_TEMPLATE_ID);
  const slots = [...doc.querySelectorAll(`#root [${CARD_SLOT}]`)];
  if (!(template instanceof HTMLTemplateElement) || slots.length === 0) return;
  if (!paintable(doc, products)) return;
  const taps: number[] = [];
  const painted: Element[] = [];
  products.slice(0, Math.min(PAGE_SIZE, slots.length)).forEach((product, index) => {
    const card = template.content.cloneNode(true) as DocumentFragment;
    fillCard(card, cardValues(product, setup.listPrice(product.price), IN_ENGLISH_TEXTS));
    const image = card.querySelector('img');
    if (image && index >= EAGER_IMAGES) {
      image.setAttribute('loading', 'lazy');
      image.setAttribute('fetchpriority', 'auto');
    }
    // An image that fails leaves its tile empty, never the browser's broken picture: the
    // app's card then says it is unavailable.
    image?.addEventListener('error', () => {
      image.style.visibility = 'hidden';
    });
    const button = card.querySelector('button');
    if (button) keepTaps(button, product.id, taps);
    const slot = slots[index];
    if (!slot) return;
    slot.replaceChildren(card);
    painted.push(slot);
  });
  // The app's cards replace the places: then the kept taps are made on them.
  const watch = new MutationObserver(() => {
    if (painted.some((slot) => slot.isConnected)) return;
    watch.disconnect();
    if (taps.length > 0) replayTaps(doc, taps);
  });
  const root = doc.getElementById('root');
  if (root) watch.observe(root, { childList: true, subtree: true });
}

/** Once the page is parsed: the script may run while the parser is still in the head. */
function whenParsed(doc: Document, then: () => void): void {
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', then, { once: true });
  else then();
}

export function startEarlyCards(doc: Document, setup: EarlyCardsSetup): void {
  // Only the page written for the whole catalogue's first page, and shown.
  if (setup.writtenFor !== '/products') return;
  if (doc.documentElement.hidden || doc.location.search !== '') return;
  const answer = offerEarlyProducts(productsUrl(setup.catalogue), () =>
    fetchProducts(setup.catalogue),
  );
  answer?.then(
    (products) => whenParsed(doc, () => paint(doc, products, setup)),
    // The app's query shows the failure (spec §8); nothing is painted.
    () => undefined,
  );
}
