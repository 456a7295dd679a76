/**
 * Cuts text to its first `maxWords` words followed by '...', as the spec shows on cards
 * (the spec always appends the ellipsis).
 */
export function truncateWords(text: string, maxWords: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return `${words.slice(0, maxWords).join(' ')}...`;
}
