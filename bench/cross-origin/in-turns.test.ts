import { describe, expect, it } from 'vitest';
import { inTurns } from './in-turns';

describe('inTurns', () => {
  it('times each page once a round, each round starting with the next, after a warm-up of each', async () => {
    const order: string[] = [];
    const sampler = (name: string) => (round: number) => {
      order.push(`${name}${round}`);
      return Promise.resolve(`${name}${round}`);
    };
    const samples = await inTurns(3, [sampler('a'), sampler('b'), sampler('c')]);
    expect(order).toEqual([
      'a-1',
      'b-1',
      'c-1',
      'a0',
      'b0',
      'c0',
      'b1',
      'c1',
      'a1',
      'c2',
      'a2',
      'b2',
    ]);
    expect(samples).toEqual([
      ['a0', 'a1', 'a2'],
      ['b0', 'b1', 'b2'],
      ['c0', 'c1', 'c2'],
    ]);
  });
});
