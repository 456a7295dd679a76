/**
 * A whole count as the shown language writes it ('1,234', '1.234', '1 234'): English with
 * the shop's own writer (web-shared/lib/count.ts, exactly Intl's en-US without an Intl
 * formatter), another language with Intl, made on first use. Apart from formats.ts: the
 * first download (the cart badge) needs only this.
 */
import { formatCount } from '@web-shared/lib/count';
import { formatter, intlLocale, writesEnglish } from './intl-formats';
import type { Language } from './languages';

export function formatNumber(language: Language, count: number): string {
  if (writesEnglish(language)) return formatCount(count);
  const numbers = formatter(`count:${language}`, () => {
    return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0 });
  });
  return numbers.format(count);
}
