import { describe, expect, it } from 'vitest';
import { ratioOf } from '../compare';
import { workerFigures } from './worker-figures';

describe('the service worker figures', () => {
  it('take the returning visit and the next load from the same tabs, pair by pair', () => {
    const [returning, next] = workerFigures({
      ours: [
        { returning: 300, next: 110 },
        { returning: 280, next: 120 },
      ],
      peer: [
        { returning: 200, next: 100 },
        { returning: 220, next: 100 },
      ],
    });
    expect(returning).toMatchObject({ id: 'sw-returning', ours: [300, 280], peer: [200, 220] });
    expect(next).toMatchObject({ id: 'sw-returning-again', ours: [110, 120], peer: [100, 100] });
    expect(ratioOf(returning)).toBeCloseTo(290 / 210);
    expect(ratioOf(next)).toBeCloseTo(115 / 100);
  });
});
