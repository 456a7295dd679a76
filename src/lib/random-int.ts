/** A random integer in [0, maxInclusive], from the platform CSPRNG when there is one. */
export function randomInt(maxInclusive: number): number {
  const range = maxInclusive + 1;
  if (typeof crypto !== 'undefined' && 'getRandomValues' in crypto) {
    const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
    return value % range;
  }
  return Math.floor(Math.random() * range);
}
