/**
 * The former `npm run bench` (--micro): the catalogue and cart functions timed in Node on
 * a 50,000-product catalogue. No browser, no budget; useful to tell whether a slow
 * interaction is the app's arithmetic or its rendering.
 */
import { performance } from 'node:perf_hooks';
import { generateCatalogue } from '../server/catalogue/generate-catalogue';
import { addLine } from '../src/features/cart/cart-lines';
import type { CartLine } from '../src/features/cart/cart-rules';
import { orderTotals, savingsFor, subtotal } from '../src/features/cart/pricing';
import { pickSuggestions } from '../src/features/cart/suggestions';
import { parseProductList } from '../shared/product-rule';
import { filterProducts, paginate } from '../src/features/catalogue/catalogue-rules';
import { summarize, type Summary } from './stats';

export const MICRO_PRODUCTS = 50_000;

export interface MicroFigure {
  label: string;
  summary: Summary;
}

function measure(label: string, runs: number, work: () => unknown): MicroFigure {
  work(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return { label, summary: summarize(times) };
}

export function runMicroBench(count = MICRO_PRODUCTS): MicroFigure[] {
  const catalogue = generateCatalogue({ count, seed: 7 });
  const json = JSON.stringify(catalogue);
  let cart: CartLine[] = [];
  for (const product of catalogue.slice(0, 200)) cart = addLine(cart, product, 3);
  return [
    measure('parse + validate the catalogue', 5, () => parseProductList(JSON.parse(json), 'bench')),
    measure('search "shirt" across the catalogue', 20, () =>
      filterProducts(catalogue, 'shirt', 'all'),
    ),
    measure('category filter + page 50', 20, () =>
      paginate(filterProducts(catalogue, '', 'electronics').products, 50),
    ),
    measure('search with no match (falls back to all)', 20, () =>
      filterProducts(catalogue, 'zzzz', 'jewelery'),
    ),
    measure('totals of a 200-line cart', 200, () =>
      orderTotals(subtotal(cart), savingsFor(subtotal(cart))),
    ),
    measure('suggestions for a 200-line cart', 20, () => pickSuggestions(catalogue, cart)),
    measure('serialize the catalogue for storage', 5, () => JSON.stringify(catalogue)),
  ];
}
