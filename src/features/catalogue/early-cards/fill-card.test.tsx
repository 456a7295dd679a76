import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '@shared/product-rule';
import { ShopNavigationProvider } from '@/components/ui/shop-link';
import { IN_ENGLISH_TEXTS } from '@/i18n/english';
import { ProductCard } from '../components/product-card';
import { ProductDetail } from '../components/product-detail';
import { PurchaseWaiting } from '../components/product-slot';
import { STAND_IN, STAND_IN_LIST_PRICE } from './card-template';
import { cardValues, detailValues, fillCard, marksOf } from './fill-card';

/** A struck-through price for the test (the cart's rule is the cart's business). */
const cardListPrice = (price: number) => Math.round(price * 118);

/** The app's card for `product`, as HTML. */
function appCard(product: Product, listPrice = cardListPrice(product.price)): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ShopNavigationProvider>
        <ProductCard product={product} listPrice={listPrice} onAdd={() => undefined} priority />
      </ShopNavigationProvider>
    </MemoryRouter>,
  );
}

/** The app's product page content for `product`, its controls waiting, as HTML. */
function appDetail(product: Product): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ShopNavigationProvider>
        <ProductDetail product={product}>
          <PurchaseWaiting />
        </ProductDetail>
      </ShopNavigationProvider>
    </MemoryRouter>,
  );
}

/** `html` as a template, filled with `values`, as HTML. */
function filled(html: string, values: ReturnType<typeof cardValues>): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const card = template.content.cloneNode(true) as DocumentFragment;
  fillCard(card, values);
  const holder = document.createElement('div');
  holder.append(card);
  return holder.innerHTML;
}

/** The template filled for `product`, as HTML. */
function paintedCard(product: Product): string {
  return filled(
    appCard(STAND_IN, STAND_IN_LIST_PRICE),
    cardValues(product, cardListPrice(product.price), IN_ENGLISH_TEXTS),
  );
}

/** The product page's template filled for `product`, as HTML. */
function paintedDetail(product: Product): string {
  return filled(appDetail(STAND_IN), detailValues(product, IN_ENGLISH_TEXTS));
}

/** The same card as the browser would hold it, for comparing HTML with HTML. */
function asParsed(html: string): string {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder.innerHTML;
}

const product = (changes: Partial<Product>): Product => ({
  id: 7,
  title: 'Silver Ring with a Very Long Name That Goes On',
  price: 12.5,
  description: 'A ring of solid silver, polished by hand, with a stone of your choice set in it.',
  category: 'jewelery',
  image: 'https://fakestoreapi.com/img/ring.jpg',
  rating: { rate: 3.7, count: 1234 },
  ...changes,
});

const SAMPLES = [
  product({}),
  product({ id: 1, title: 'Short', category: 'electronics', rating: { rate: 5, count: 1 } }),
  product({ category: 'garden tools', price: 0.99, rating: { rate: 0, count: 0 } }),
  product({ title: '<img src=x onerror=alert(1)> & "quotes"', description: '</p><script>' }),
  product({ price: 1234567.89, rating: { rate: 0.2, count: 99999 } }),
];

/** A catalogue's text: any string, and some that look like markup. */
const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 80 }),
  fc.constantFrom('<b>x</b>', '&amp;', '"quoted"', 'مرحبا بالعالم', '  spaced  out  '),
);
/** Any product the catalogue may send, within bounds. */
const ANY_PRODUCT = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  title: text,
  price: fc.integer({ min: 0, max: 100_000_00 }).map((cents) => cents / 100),
  description: text,
  category: fc.oneof(text, fc.constantFrom('jewelery', 'electronics', "men's clothing")),
  image: fc.constantFrom('https://fakestoreapi.com/img/a.jpg', '/img/b.png'),
  rating: fc.record({
    rate: fc.double({ min: 0, max: 5, noNaN: true }),
    count: fc.integer({ min: 0, max: 10_000_000 }),
  }),
});

describe('a painted card', () => {
  it('is the app’s own card for the product, mark for mark', () => {
    for (const each of SAMPLES) {
      expect(paintedCard(each), each.title).toBe(asParsed(appCard(each)));
    }
  });

  it('writes a catalogue’s text as text, never as HTML', () => {
    const holder = document.createElement('div');
    holder.innerHTML = paintedCard(product({ title: '<img src=x onerror=alert(1)>' }));
    expect(holder.querySelectorAll('img')).toHaveLength(1);
    expect(holder.querySelector('h2')?.textContent).toContain('<img');
  });

  it('finds every mark in the card the app renders for the stand-in', () => {
    const html = appCard(STAND_IN, STAND_IN_LIST_PRICE);
    const values = cardValues(STAND_IN, STAND_IN_LIST_PRICE, IN_ENGLISH_TEXTS);
    for (const mark of marksOf(values)) expect(html, mark).toContain(mark);
  });

  it('is the app’s card for any product the catalogue may send (bounded property)', () => {
    fc.assert(
      fc.property(ANY_PRODUCT, (each) => {
        expect(paintedCard(each)).toBe(asParsed(appCard(each)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('a painted product page', () => {
  it('is the app’s own product page content, mark for mark, its controls waiting', () => {
    for (const each of SAMPLES) {
      expect(paintedDetail(each), each.title).toBe(asParsed(appDetail(each)));
    }
  });

  it('finds every mark in the content the app renders for the stand-in', () => {
    const html = appDetail(STAND_IN);
    for (const mark of marksOf(detailValues(STAND_IN, IN_ENGLISH_TEXTS))) {
      expect(html, mark).toContain(mark);
    }
  });

  it('writes a catalogue’s text as text, never as HTML', () => {
    const holder = document.createElement('div');
    holder.innerHTML = paintedDetail(product({ title: '<img src=x onerror=alert(1)>' }));
    expect(holder.querySelectorAll('img')).toHaveLength(1);
    expect(holder.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('is the app’s for any product the catalogue may send (bounded property)', () => {
    fc.assert(
      fc.property(ANY_PRODUCT, (each) => {
        expect(paintedDetail(each)).toBe(asParsed(appDetail(each)));
      }),
      { numRuns: 200 },
    );
  });
});
