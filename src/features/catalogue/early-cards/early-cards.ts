/**
 * The products page's early cards: on the page the build wrote (a first visit's /products,
 * loading), the catalogue's first cards painted from its answer before the app's code has
 * arrived. A script of its own, loaded beside the app's (vite-plugins/first-screens.mts):
 *
 * - It makes the page's one catalogue call (spec §7), taking the early start's hint, and
 *   hands the answer, failure included, to the app's query (../api/early-products.ts); a
 *   returning visitor's cached catalogue is read instead, once for both.
 * - With the answer it paints the first page's cards in the loading grid, each in a place
 *   of its own instead of a placeholder's (../components/product-card-skeleton.tsx), each
 *   the app's own card markup, written at build time, filled with the product
 *   (fill-card.ts). React takes the page over without looking inside those places, then
 *   puts its own cards there.
 * - It then starts the app (src/app/early-cards.ts imports its entry), so compiling and
 *   running the app's code does not hold back the frame that shows the cards.
 * - A tap on a painted 'Add to Cart' is kept: the button shows it is waiting, and once the
 *   app's cards are there the tap is made again on that product's card, so the cart, the
 *   'Added' tick and its announcement are the app's own.
 *
 * It paints nothing where the page would not show the first page of the whole catalogue as
 * written: the early start hid the page (another language, items in the cart), the
 * address asks for a search, category or page, or a product's image is not one the card
 * shows. The app then shows the cards itself, as it always has.
 */
import type { Product } from '@shared/product-rule';
import { isCatalogueImageUrl } from '@shared/product-rule';
import type { Cents } from '@web-shared/lib/money';
import { IN_ENGLISH_TEXTS } from '@/i18n/english';
import { fetchProducts } from '../api/products-query';
import { productsUrl } from '../api/catalogue-urls';
import { offerCachedProducts, offerEarlyCall } from '../api/early-products';
import { readCachedProducts } from '../products-cache';
import { PAGE_SIZE } from '../catalogue-rules';
import { CARD_SLOT, CARD_TEMPLATE_ID } from './card-template';
import { cardValues, fillCard } from './fill-card';
import { afterFrame, paintWhenAnswered, whenParsed } from './paint-moments';

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

/** Which control of which product's card had focus, as a card's links and button in order. */
interface Focused {
  href: string;
  control: number;
  /** The painted card's place: once the app has taken it away, focus follows. */
  place: Element;
}

const controlsOf = (card: Element): Element[] => [...card.querySelectorAll('a[href], button')];

/**
 * Focus inside a painted card (a keyboard's Tab, a screen reader) is not lost when the app's
 * card replaces it: it moves to the same control of that product's card in the app's page
 * as soon as that card's place is taken. The app's first grid renders its top row first and
 * the rest a frame or more later; focus waiting for the whole grid would sit on the page
 * meanwhile, and a key pressed then (Enter on 'Add to Cart') would be lost.
 */
function keepFocus(places: readonly Element[]): { follow: (doc: Document) => void } {
  let focused: Focused | undefined;
  for (const place of places) {
    place.addEventListener('focusin', (event) => {
      const card = place.querySelector('article');
      const href = card?.querySelector('a[href]')?.getAttribute('href');
      const control = card ? controlsOf(card).indexOf(event.target as Element) : -1;
      focused = href && control >= 0 ? { href, control, place } : undefined;
    });
    place.addEventListener('focusout', () => {
      // Focus gone elsewhere, not the card taken away with it (which may say so too).
      queueMicrotask(() => {
        const active = place.ownerDocument.activeElement;
        if (place.isConnected && !place.contains(active)) focused = undefined;
      });
    });
  }
  return {
    follow(doc) {
      const wanted = focused;
      if (!wanted || wanted.place.isConnected) return;
      focused = undefined;
      let tries = 0;
      // The app's card of that product may come a frame after its place was taken.
      const attempt = (): void => {
        if (doc.activeElement && doc.activeElement !== doc.body) return;
        const link = doc.querySelector(`main article a[href="${CSS.escape(wanted.href)}"]`);
        const card = link?.closest('article');
        const target = card ? controlsOf(card)[wanted.control] : undefined;
        if (target instanceof HTMLElement) target.focus();
        else if ((tries += 1) < REPLAY_TRIES) setTimeout(attempt, 50);
      };
      attempt();
    },
  };
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
    // A place of its own for each card, not the placeholder's filled: the page's layout
    // has not changed under anything that was there (the placeholder is not a card's
    // height). React has not taken the page yet (the app starts after this), so it takes
    // these places as its own.
    const place = slot.cloneNode(false) as Element;
    place.append(card);
    slot.replaceWith(place);
    painted.push(place);
  });
  const focus = keepFocus(painted);
  // The app's cards replace the places: focus follows its card at once, and the kept taps
  // are made once no painted card is left (a painted one would take the tap again).
  const watch = new MutationObserver(() => {
    focus.follow(doc);
    if (painted.some((slot) => slot.isConnected)) return;
    watch.disconnect();
    if (taps.length > 0) replayTaps(doc, taps);
  });
  const root = doc.getElementById('root');
  if (root) watch.observe(root, { childList: true, subtree: true });
}

/**
 * Paints what it can, and resolves when the app may start: at once where nothing is to be
 * painted; else once the cards are painted and a frame has shown them, or the call failed,
 * or ANSWER_WAIT_MS have passed. The app's code is loaded then (src/app/early-cards.ts), so
 * compiling and running it does not hold back the frame that shows the cards; its download
 * has started with the page.
 */
export async function startEarlyCards(doc: Document, setup: EarlyCardsSetup): Promise<void> {
  // Only the page written for the whole catalogue's first page, and shown.
  if (setup.writtenFor !== '/products') return;
  if (doc.documentElement.hidden || doc.location.search !== '') return;
  // A returning visitor's cached catalogue (spec §7: no call), read once for both.
  const cached = readCachedProducts();
  if (cached) {
    offerCachedProducts(cached.raw, cached.products);
    await whenParsed(doc);
    paint(doc, cached.products, setup);
    return afterFrame();
  }
  const answer = offerEarlyCall(productsUrl(setup.catalogue), () => fetchProducts(setup.catalogue));
  if (!answer) return;
  await paintWhenAnswered(doc, answer, (products) => paint(doc, products, setup));
}
