/**
 * Money, ratings and dates as each language writes them. Money stays US dollars; only its
 * form changes ('$1,234.56', '1234,56 US$', '1 234,56 $US'). English keeps the shop's own
 * fast writer (web-shared/lib/money.ts: exactly Intl's en-US, without an Intl formatter,
 * whose first use costs the page about 20 ms); another language's Intl formatter is made
 * the first time it is needed, and kept. Counts are count-format.ts's.
 */
import { formatMoney, type Cents } from '@web-shared/lib/money';
import { formatter, intlLocale, writesEnglish } from './intl-formats';
import type { Language } from './languages';

export function formatPrice(language: Language, cents: Cents): string {
  if (writesEnglish(language)) return formatMoney(cents);
  const usd = formatter(`money:${language}`, () => {
    return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'USD' });
  });
  return usd.format(cents / 100);
}

/** A rating's stars ('3.5'), as English has always written them: a number's own text. */
export function formatDecimal(language: Language, value: number): string {
  if (writesEnglish(language)) return String(value);
  const decimals = formatter(`decimal:${language}`, () => {
    return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 });
  });
  return decimals.format(value);
}

/** When a receipt was issued: 'Nov 14, 2023, 10:13 PM' in English. */
export function formatIssued(language: Language, ms: number): string {
  const dates = formatter(`date:${language}`, () => {
    return new Intl.DateTimeFormat(intlLocale(language), {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  });
  return dates.format(new Date(ms));
}
