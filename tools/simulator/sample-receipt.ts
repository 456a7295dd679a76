/**
 * A pretend shopper's order, as the kiosk's confirm step hands it to the receipt signer
 * (src/features/checkout/receipt-to-sign.ts): a receipt id in the shop's form, the time,
 * two products of the demo catalogue and their prices' total in cents. The counter then
 * shows real titles and a total that adds up when it reads the same catalogue.
 */
import type { ReceiptToSign } from '../../shared/bridge';
import { loadDemoCatalogue } from '../../server/catalogue/demo-catalogue';

export function sampleReceipt(now: number, random: () => number = Math.random): ReceiptToSign {
  const products = loadDemoCatalogue();
  const first = Math.floor(random() * products.length);
  const picked = [products[first], products[(first + 1) % products.length]].flatMap((product) =>
    product ? [product] : [],
  );
  const lines = picked.map((product, index) => ({ product, quantity: index + 1 }));
  return {
    r: `Receipt-${now}-${Math.floor(random() * 1000)}`,
    t: now,
    i: lines.map(({ product, quantity }): [number, number] => [product.id, quantity]),
    c: lines.reduce(
      (sum, { product, quantity }) => sum + Math.round(product.price * 100) * quantity,
      0,
    ),
  };
}
