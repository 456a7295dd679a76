/**
 * Samples of several pages taken in turns: each round times every page once, and each
 * round starts with the next page, so a drift of the machine's speed falls on all alike.
 * One unmeasured sample of each first, so no page's first figure carries Chromium's or a
 * server's start-up.
 */
export async function inTurns<T>(
  count: number,
  samplers: readonly ((round: number) => Promise<T>)[],
): Promise<T[][]> {
  for (const sample of samplers) await sample(-1);
  const samples: T[][] = samplers.map(() => []);
  for (let round = 0; round < count; round += 1) {
    for (let turn = 0; turn < samplers.length; turn += 1) {
      const index = (round + turn) % samplers.length;
      const sample = samplers[index];
      if (sample) samples[index]?.push(await sample(round));
    }
  }
  return samples;
}
