// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  certifiedFacts,
  rolloutBucket,
  rolloutSelectorSchema,
  selectKiosks,
  selects,
} from './rollout-selector';
import { onlineFleet } from '../../../tests/support/fixtures/rollout';

const fleet = onlineFleet(1000);

describe('which kiosks a rollout step reaches', () => {
  it('picks a percentage by hash of rollout and kiosk id: the same set every time', () => {
    const first = selectKiosks('r1', { kind: 'all' }, [{ kind: 'percentage', percent: 10 }], fleet);
    const again = selectKiosks(
      'r1',
      { kind: 'all' },
      [{ kind: 'percentage', percent: 10 }],
      [...fleet].reverse(),
    );
    expect(again).toEqual(first);
    // Close to 10 % of 1,000, not exactly: each kiosk decides alone.
    expect(first.length).toBeGreaterThan(60);
    expect(first.length).toBeLessThan(140);
    expect(rolloutBucket('r1', 'kiosk-001')).toBe(rolloutBucket('r1', 'kiosk-001'));
  });

  it('reaches another set for another rollout, so the same kiosks are not always first', () => {
    const one = selectKiosks('r1', { kind: 'all' }, [{ kind: 'percentage', percent: 10 }], fleet);
    const two = selectKiosks('r2', { kind: 'all' }, [{ kind: 'percentage', percent: 10 }], fleet);
    expect(two).not.toEqual(one);
  });

  it('widens: the kiosks of 10 % are among those of 25 % and 50 %', () => {
    const at = (percent: number) =>
      new Set(selectKiosks('r1', { kind: 'all' }, [{ kind: 'percentage', percent }], fleet));
    const ten = at(10);
    const quarter = at(25);
    const half = at(50);
    for (const id of ten) expect(quarter.has(id)).toBe(true);
    for (const id of quarter) expect(half.has(id)).toBe(true);
    expect(at(100).size).toBe(1000);
  });

  it('keeps every kiosk an earlier step reached, whatever the later step names', () => {
    const reached = selectKiosks(
      'r1',
      { kind: 'all' },
      [
        { kind: 'kiosks', kioskIds: ['kiosk-999'] },
        { kind: 'store', store: 'north-1' },
      ],
      fleet,
    );
    expect(reached).toContain('kiosk-999');
    expect(reached).toContain('kiosk-000');
    expect(reached).not.toContain('kiosk-001');
  });

  it('stays inside the scope', () => {
    const reached = selectKiosks(
      'r1',
      { kind: 'store', store: 'north-2' },
      [{ kind: 'all' }],
      fleet,
    );
    expect(reached).toHaveLength(500);
    expect(reached.every((id) => Number(id.slice(-3)) % 2 === 1)).toBe(true);
  });

  it('reaches one kiosk, not none, when a small percentage of a small fleet rounds to nobody', () => {
    const small = onlineFleet(3);
    const reached = selectKiosks(
      'r1',
      { kind: 'all' },
      [{ kind: 'percentage', percent: 0.01 }],
      small,
    );
    expect(reached).toHaveLength(1);
    expect(
      selectKiosks('r1', { kind: 'all' }, [{ kind: 'percentage', percent: 0.01 }], []),
    ).toEqual([]);
  });

  it('finds no kiosk in a region or store when the kiosks do not report one', () => {
    const bare = [{ kioskId: 'kiosk-a' }, { kioskId: 'kiosk-b' }];
    expect(
      selectKiosks('r1', { kind: 'region', region: 'north' }, [{ kind: 'all' }], bare),
    ).toEqual([]);
    expect(selectKiosks('r1', { kind: 'all' }, [{ kind: 'all' }], bare)).toEqual([
      'kiosk-a',
      'kiosk-b',
    ]);
    expect(selects({ kind: 'store', store: 'x' }, 'r1', { kioskId: 'kiosk-a' })).toBe(false);
  });

  it('takes store and region from the groups a certificate names, and nothing else', () => {
    expect(certifiedFacts('kiosk-a', { store: 'north-1', region: 'north' })).toEqual({
      kioskId: 'kiosk-a',
      store: 'north-1',
      region: 'north',
    });
    expect(certifiedFacts('kiosk-a', { store: 'north-1', region: null })).toEqual({
      kioskId: 'kiosk-a',
      store: 'north-1',
    });
    expect(certifiedFacts('kiosk-a', null)).toEqual({ kioskId: 'kiosk-a' });
  });

  it('refuses selectors that could reach more than they say', () => {
    expect(rolloutSelectorSchema.safeParse({ kind: 'percentage', percent: 0 }).success).toBe(false);
    expect(rolloutSelectorSchema.safeParse({ kind: 'percentage', percent: 101 }).success).toBe(
      false,
    );
    expect(rolloutSelectorSchema.safeParse({ kind: 'kiosks', kioskIds: ['all'] }).success).toBe(
      false,
    );
    expect(rolloutSelectorSchema.safeParse({ kind: 'kiosks', kioskIds: ['+'] }).success).toBe(
      false,
    );
    expect(rolloutSelectorSchema.safeParse({ kind: 'kiosks', kioskIds: [] }).success).toBe(false);
    expect(rolloutSelectorSchema.safeParse({ kind: 'all', extra: 1 }).success).toBe(false);
  });
});
