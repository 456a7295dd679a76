/**
 * What the compiled messages call at run time (vite-plugins/messages.mts points them here):
 * messageformat's own plural and select, and the number a plural shows (`#`). English
 * writes that number as web-shared/lib/count.ts does, exactly what Intl writes, without
 * making an Intl formatter (the first one costs the page about 20 ms: digits.ts); another
 * language's formatter is made the first time one of its numbers is shown.
 */
import { formatCount } from '@web-shared/lib/count';

export { plural, reqArgs, select } from '@messageformat/runtime';

const formats = new Map<string, Intl.NumberFormat>();

export function number(locale: string, value: number, offset: number): string {
  const shown = value - offset;
  if (locale === 'en') return formatCount(shown);
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    formats.set(locale, format);
  }
  return format.format(shown);
}
