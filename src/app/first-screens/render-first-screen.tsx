/**
 * A first screen as HTML, for the web build to write into its pages at build time
 * (vite-plugins/first-screens.mts runs this in Node, never in a browser). The app is
 * rendered as a first visit's browser renders it (main.tsx): the same capabilities, the
 * same routes, English, nothing in storage; only the router differs, a memory router at
 * the route's path instead of the browser's, which draws the same links. Lazy pages are
 * waited for (`prerender`), so the HTML holds the page and not its placeholder.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { createCatalogueCache } from '@/app/catalogue-cache';
import { ShopNavigationProvider } from '@/components/ui/shop-link';
import { ProductCard, ProductDetail, PurchaseWaiting } from '@/features/catalogue/public';
import { STAND_IN, STAND_IN_LIST_PRICE } from '@/features/catalogue/early-cards/card-template';
import {
  cardValues,
  detailValues,
  marksOf,
  type CardValues,
} from '@/features/catalogue/early-cards/fill-card';
import { IN_ENGLISH_TEXTS } from '@/i18n/english';
import { resolveCapabilities } from '@/platform/capabilities';

export { FIRST_SCREEN_META, FIRST_SCREEN_ROUTES } from './first-screen-routes';
export {
  CARD_TEMPLATE_ID,
  PRODUCT_TEMPLATE_ID,
} from '@/features/catalogue/early-cards/card-template';

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return html + decoder.decode();
    html += decoder.decode(value, { stream: true });
  }
}

async function rendered(element: ReactNode, what: string): Promise<string> {
  let failed: unknown;
  const { prelude } = await prerender(element, {
    onError: (error) => {
      failed ??= error;
    },
  });
  // A screen that failed in part would be written with React's client fallback in it.
  if (failed instanceof Error) throw failed;
  if (failed !== undefined) throw new Error(`${what} failed to render`);
  return text(prelude);
}

/**
 * The product card of the products page's early cards (card-template.ts): the app's card for
 * the stand-in product, its image loaded at once as the first row's are. Throws when a mark
 * the early cards replace is not in it (the card changed how it writes a value).
 */
export async function renderCardTemplate(): Promise<string> {
  const html = await rendered(
    <MemoryRouter initialEntries={['/products']} useTransitions={false}>
      <ShopNavigationProvider>
        <ProductCard
          product={STAND_IN}
          listPrice={STAND_IN_LIST_PRICE}
          onAdd={() => undefined}
          headingLevel="h2"
          priority
        />
      </ShopNavigationProvider>
    </MemoryRouter>,
    'the product card',
  );
  return withMarks(html, cardValues(STAND_IN, STAND_IN_LIST_PRICE, IN_ENGLISH_TEXTS), 'card');
}

/**
 * React's server renderer writes a preload hint before a high-priority image: in painted
 * markup it would be a link inside the page's content (in a card, inside the list, fetching
 * every card's image at high priority, the lazy ones included). The image's own
 * fetchpriority says it already. Throws when a mark the early paint replaces is not in it
 * (the markup changed how it writes a value).
 */
function withMarks(html: string, values: CardValues, what: string): string {
  const painted = html.replace(/<link rel="preload" as="image"[^>]*>/g, '');
  const missing = marksOf(values).filter((mark) => !painted.includes(mark));
  if (missing.length > 0) {
    throw new Error(
      `the product ${what} no longer writes ${missing.join(', ')} as the early paint expects`,
    );
  }
  return painted;
}

/**
 * The product of a product page's early paint (early-product.ts): the app's product page
 * content for the stand-in, the quantity and 'Add to Cart' waiting in their place.
 */
export async function renderProductTemplate(): Promise<string> {
  const html = await rendered(
    <MemoryRouter initialEntries={['/product/1']} useTransitions={false}>
      <ShopNavigationProvider>
        <ProductDetail product={STAND_IN}>
          <PurchaseWaiting />
        </ProductDetail>
      </ShopNavigationProvider>
    </MemoryRouter>,
    'the product page',
  );
  return withMarks(html, detailValues(STAND_IN, IN_ENGLISH_TEXTS), 'page');
}

export async function renderFirstScreen(path: string): Promise<string> {
  const capabilities = resolveCapabilities(
    { target: 'web', catalogueUrl: __SHOP_CATALOGUE_URL__ },
    null,
  );
  function AtPath({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        {children}
      </MemoryRouter>
    );
  }
  return rendered(
    <App capabilities={capabilities} Router={AtPath} catalogue={createCatalogueCache()} />,
    `the first screen of ${path}`,
  );
}
