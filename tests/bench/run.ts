/**
 * Performance figures for the shop's hot paths on large catalogues. Prints numbers; it
 * asserts nothing (goals are read by people, not enforced by timed unit tests).
 * Run: npm run bench [-- --products 50000]
 */
import { performance } from 'node:perf_hooks';
import { generateCatalogue } from '../../server/catalogue/generate-catalogue';
import { addLine, type CartLine } from '../../src/features/cart/cart-rules';
import { orderTotals, savingsFor, subtotal } from '../../src/features/cart/pricing';
import { pickSuggestions } from '../../src/features/cart/suggestions';
import { parseProductList } from '../../src/features/catalogue/api/product-schema';
import { filterProducts, paginate } from '../../src/features/catalogue/catalogue-rules';

const flag = process.argv.indexOf('--products');
const count = flag > -1 ? Number(process.argv[flag + 1]) : 50_000;

function measure(label: string, runs: number, work: () => unknown): void {
  work(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
  console.log(
    `${label.padEnd(48)} median ${median.toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms`,
  );
}

const catalogue = generateCatalogue({ count, seed: 7 });
const json = JSON.stringify(catalogue);
console.log(
  `catalogue: ${count.toLocaleString('en-US')} products, ${(json.length / 1e6).toFixed(1)} MB of JSON\n`,
);

measure('parse + validate the catalogue (zod)', 5, () =>
  parseProductList(JSON.parse(json), 'bench'),
);
measure('search "shirt" across the catalogue', 20, () => filterProducts(catalogue, 'shirt', 'all'));
measure('category filter + page 50', 20, () =>
  paginate(filterProducts(catalogue, '', 'electronics').products, 50),
);
measure('search with no match (falls back to all)', 20, () =>
  filterProducts(catalogue, 'zzzz', 'jewelery'),
);

let cart: CartLine[] = [];
for (const product of catalogue.slice(0, 200)) cart = addLine(cart, product, 3);
measure('totals of a 200-line cart', 200, () =>
  orderTotals(subtotal(cart), savingsFor(subtotal(cart))),
);
measure('suggestions for a 200-line cart', 20, () => pickSuggestions(catalogue, cart));
measure('serialize the catalogue for storage', 5, () => JSON.stringify(catalogue));
