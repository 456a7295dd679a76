import type { ShownLanguage } from '@/i18n/language-store';
import type { Message } from '@/i18n/messages';
import { TIMED_OUT } from './api/catalogue-client';
import { PRODUCT_FAILED } from './api/product-query';
import { PRODUCTS_FAILED } from './api/products-query';
import { catalogueText } from './catalogue.messages';

const KNOWN: ReadonlyMap<string, Message> = new Map([
  [PRODUCTS_FAILED, catalogueText.productsFailed],
  [PRODUCT_FAILED, catalogueText.productFailed],
  [TIMED_OUT, catalogueText.timedOut],
]);

/**
 * A catalogue failure as the shopper reads it after 'Error: ' (spec §8): the shop's own
 * messages in the shown language, anything else (the browser's network error) as it came.
 */
export function shownError(message: string, { t }: Pick<ShownLanguage, 't'>): string {
  const known = KNOWN.get(message);
  return known ? t(known) : message;
}
