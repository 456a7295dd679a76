import { RECEIPT_ID_PATTERN, type PrintableReceipt } from '@shared/printable-receipt';
import type { CartLine, OrderTotals } from '@/features/cart/public';
import { lineTotal } from '@/features/cart/public';
import type { Cents } from '@web-shared/lib/money';
import { randomInt } from '@/lib/random-int';
import { isCollectionNumber } from '@shared/collection-number';
import { isCatalogueImageUrl } from '@shared/product-rule';
import { isShopperLanguage } from '@shared/languages';

/** 'Receipt-{timestamp in ms}-{random integer 0-999}' (spec §3). */
export function createReceiptId(now: number = Date.now(), random: number = randomInt(999)): string {
  return `Receipt-${now}-${random}`;
}

export interface ReceiptLine {
  productId: number;
  title: string;
  quantity: number;
  lineTotal: Cents;
  /** The product's image as the shop showed it, for the stockroom's pick screen; never printed. */
  image?: string;
}

/** What the pickup counter needs, captured at confirmation before the cart is cleared. */
export interface Receipt {
  id: string;
  /** When the purchase was confirmed, in ms since the epoch. */
  issuedAt: number;
  lines: ReceiptLine[];
  subtotal: Cents;
  savings: Cents;
  tax: Cents;
  total: Cents;
  /**
   * The collection number the kiosk's main process gave the order ("C 27"), once it has
   * answered; never in the web build. The receipt id stays what the spec says.
   */
  collectionNumber?: string;
}

export function buildReceipt(
  cart: readonly CartLine[],
  totals: OrderTotals,
  now: number = Date.now(),
  id: string = createReceiptId(now),
): Receipt {
  return {
    id,
    issuedAt: now,
    lines: cart.map((line) => ({
      productId: line.productId,
      title: line.productData.title,
      quantity: line.quantity,
      lineTotal: lineTotal(line),
      ...(line.productData.image === '' ? {} : { image: line.productData.image }),
    })),
    subtotal: totals.subtotal,
    savings: totals.savings,
    tax: totals.tax,
    total: totals.total,
  };
}

/**
 * What the printed slip shows, as data for the kiosk's main process, which checks it and
 * draws the slip itself in the shopper's language: no product ids, no markup.
 */
export function toPrintableReceipt(receipt: Receipt, language: string): PrintableReceipt {
  return {
    // The slip is printed in the shopper's language; the layout tests' pseudo-locale prints English.
    ...(isShopperLanguage(language) && language !== 'en' ? { language } : {}),
    id: receipt.id,
    issuedAt: receipt.issuedAt,
    lines: receipt.lines.map(({ title, quantity, lineTotal }) => ({ title, quantity, lineTotal })),
    savings: receipt.savings,
    tax: receipt.tax,
    total: receipt.total,
    ...(receipt.collectionNumber === undefined
      ? {}
      : { collectionNumber: receipt.collectionNumber }),
  };
}

const isCents = (value: unknown): value is Cents =>
  typeof value === 'number' && Number.isSafeInteger(value);

/** A receipt read back from storage, or null when it is not one. */
export function parseReceipt(value: unknown): Receipt | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  if (typeof r.id !== 'string' || !RECEIPT_ID_PATTERN.test(r.id)) return null;
  if (!isCents(r.issuedAt) || !Array.isArray(r.lines)) return null;
  if (![r.subtotal, r.savings, r.tax, r.total].every(isCents)) return null;
  const lines: ReceiptLine[] = [];
  for (const item of r.lines as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const line = item as Record<string, unknown>;
    if (
      !isCents(line.productId) ||
      typeof line.title !== 'string' ||
      !isCents(line.quantity) ||
      !isCents(line.lineTotal)
    ) {
      return null;
    }
    lines.push({
      productId: line.productId,
      title: line.title,
      quantity: line.quantity,
      lineTotal: line.lineTotal,
      // An image that is not one is dropped; the line stands without it.
      ...(typeof line.image === 'string' && isCatalogueImageUrl(line.image)
        ? { image: line.image }
        : {}),
    });
  }
  return {
    id: r.id,
    issuedAt: r.issuedAt,
    lines,
    subtotal: r.subtotal as Cents,
    savings: r.savings as Cents,
    tax: r.tax as Cents,
    total: r.total as Cents,
    // A number that is not one is dropped; the receipt itself still stands.
    ...(isCollectionNumber(r.collectionNumber) ? { collectionNumber: r.collectionNumber } : {}),
  };
}
