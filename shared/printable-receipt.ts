/**
 * The receipt as the renderer hands it to the main process to print: data only, never
 * markup. Main checks it against these limits (electron/main/printing/printable-receipt.ts) and
 * draws the slip itself (electron/main/printing/receipt-slip.ts), so whatever the renderer sends, the
 * printer gets a slip of known shape and bounded length.
 */
import type { ShopperLanguage } from './languages';
import { PRODUCT_LIMITS } from './product-rule';

/** 'Receipt-{timestamp in ms}-{random integer 0-999}' (spec §3). */
export const RECEIPT_ID_PATTERN = /^Receipt-\d{1,16}-\d{1,3}$/;

export interface PrintableReceiptLine {
  title: string;
  quantity: number;
  /** Integer cents. */
  lineTotal: number;
}

/** What the printed slip shows; every amount in integer cents. */
export interface PrintableReceipt {
  id: string;
  /** When the purchase was confirmed, in ms since the epoch. */
  issuedAt: number;
  lines: PrintableReceiptLine[];
  savings: number;
  tax: number;
  total: number;
  /** The language the shopper chose, which the slip is printed in; English when absent. */
  language?: ShopperLanguage;
  /** The order's collection number ("C 27", shared/collection-number.ts), when main gave one. */
  collectionNumber?: string;
}

export const PRINTABLE_RECEIPT_LIMITS = {
  /** A slip of 100 lines is over a metre of paper; a longer receipt is shown, not printed. */
  lines: 100,
  /** A product title's own limit. */
  title: PRODUCT_LIMITS.title,
  /** The cart's limit per line (MAX_QUANTITY in src/features/cart). */
  quantity: 9_999,
  /** The last millisecond a Date can hold. */
  issuedAt: 8_640_000_000_000_000,
} as const;
