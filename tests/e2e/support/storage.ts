/**
 * The four persisted keys (spec §3) and helpers to seed / read them.
 * Seeding runs as an init script before the app's own scripts, once per tab (a
 * sessionStorage flag stops it from overwriting the app's state on reload).
 */
import type { Page } from '@playwright/test';
import type { Product } from './catalogue';

export const STORAGE_KEYS = ['cart', 'products', 'savings', 'totalPriceBeforeTax'] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];
export type RawSeed = Partial<Record<StorageKey, string>>;

export interface CartLine {
  productId: number;
  quantity: number;
  productData: Product;
}

/** The original app's cart format: [{productId, quantity, productData}]. */
export function cartLines(lines: readonly (readonly [Product, number])[]): CartLine[] {
  return lines.map(([product, quantity]) => ({
    productId: product.id,
    quantity,
    productData: product,
  }));
}

export const cartJson = (lines: readonly (readonly [Product, number])[]): string =>
  JSON.stringify(cartLines(lines));

export async function seedStorage(page: Page, seed: RawSeed): Promise<void> {
  await page.addInitScript((entries: [string, string][]) => {
    const flag = '__e2e_seeded__';
    if (window.sessionStorage.getItem(flag)) return;
    for (const [key, value] of entries) window.localStorage.setItem(key, value);
    window.sessionStorage.setItem(flag, '1');
  }, Object.entries(seed));
}

export async function readRawStorage(page: Page): Promise<Record<StorageKey, string | null>> {
  return page.evaluate(
    (keys) =>
      Object.fromEntries(keys.map((k) => [k, window.localStorage.getItem(k)])) as Record<
        (typeof keys)[number],
        string | null
      >,
    STORAGE_KEYS,
  );
}

export async function readStored(page: Page, key: StorageKey): Promise<unknown> {
  const raw = await page.evaluate((k) => window.localStorage.getItem(k), key);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}
