/**
 * Thousands separators for a whole number's digits, the way en-US writes them
 * ('1234567' → '1,234,567'). money.ts and count.ts write their figures with it rather than
 * with Intl.NumberFormat: the first Intl formatter a page makes loads the locale's data, a
 * main-thread task longer than React's own start-up, right where the first card is drawn
 * (docs/performance.md, "Where the time goes before the first card"). Their tests hold every figure to Intl's.
 */
export function groupThousands(digits: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped === '' ? part : `${part},${grouped}`;
  }
  return grouped;
}
