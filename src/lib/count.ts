const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole count for people: thousands separators, never exponent notation ('1,000'). */
export function formatCount(count: number): string {
  return counts.format(count);
}
