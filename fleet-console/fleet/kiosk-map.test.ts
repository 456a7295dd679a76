import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KioskState } from './fleet-state';
import { kioskChanges } from './kiosk-changes';
import { bucketOf, KioskMap } from './kiosk-map';

const kiosk = (id: string, version = '1.0.0'): KioskState =>
  ({ id, version, presence: 'online' }) as KioskState;

const ids = (count: number) => Array.from({ length: count }, (_, n) => `kiosk-${n}`);

const byId = (list: Iterable<KioskState>) =>
  [...list].map((one) => `${one.id}@${one.version ?? ''}`).sort();

describe('KioskMap', () => {
  it('sets, replaces and drops kiosks, and counts them', () => {
    const first = KioskMap.EMPTY.with(
      ids(500).map((id) => kiosk(id)),
      [],
    );
    expect(first.size).toBe(500);
    expect(first.get('kiosk-7')?.id).toBe('kiosk-7');
    expect(first.has('kiosk-500')).toBe(false);
    const second = first.with(
      [kiosk('kiosk-7', '2.0.0'), kiosk('kiosk-500')],
      ['kiosk-1', 'nobody'],
    );
    expect(second.size).toBe(500);
    expect(second.get('kiosk-7')?.version).toBe('2.0.0');
    expect(second.has('kiosk-1')).toBe(false);
    expect(second.has('kiosk-500')).toBe(true);
    // The map it came from is unchanged.
    expect(first.get('kiosk-7')?.version).toBe('1.0.0');
    expect(first.has('kiosk-1')).toBe(true);
    expect(first.size).toBe(500);
  });

  it('walks every kiosk once, in each of the map forms', () => {
    const map = KioskMap.EMPTY.with(
      ids(300).map((id) => kiosk(id)),
      [],
    ).with([], ['kiosk-3']);
    const expected = ids(300)
      .filter((id) => id !== 'kiosk-3')
      .sort();
    expect([...map.keys()].sort()).toEqual(expected);
    expect([...map.values()].map((one) => one.id).sort()).toEqual(expected);
    expect([...map].map(([id]) => id).sort()).toEqual(expected);
    const seen: string[] = [];
    map.forEach((one, id, whole) => {
      expect(one.id).toBe(id);
      expect(whole).toBe(map);
      seen.push(id);
    });
    expect(seen.sort()).toEqual(expected);
  });

  it('shares every bucket a change does not touch', () => {
    const before = KioskMap.EMPTY.with(
      ids(10_000).map((id) => kiosk(id)),
      [],
    );
    const after = before.with([kiosk('kiosk-42', '2.0.0')], []);
    const changed = after.buckets.filter((bucket, index) => bucket !== before.buckets[index]);
    expect(changed).toHaveLength(1);
    expect(after.buckets[bucketOf('kiosk-42')]?.get('kiosk-42')?.version).toBe('2.0.0');
    expect(before.with([], [])).toBe(before);
  });

  it('is the same map as a plain one, and kioskChanges finds the same changes, after any edits', () => {
    const edit = fc.record({
      set: fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.constantFrom('1', '2', '3'))),
      gone: fc.array(fc.integer({ min: 0, max: 60 })),
    });
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), (edits) => {
        let plain = new Map<string, KioskState>();
        let map = KioskMap.EMPTY;
        for (const { set, gone } of edits) {
          const kiosks = set.map(([n, version]) => kiosk(`k${n}`, version));
          const goneIds = gone.map((n) => `k${n}`);
          const nextPlain = new Map(plain);
          for (const id of goneIds) nextPlain.delete(id);
          for (const one of kiosks) nextPlain.set(one.id, one);
          const nextMap = map.with(kiosks, goneIds);
          expect(nextMap.size).toBe(nextPlain.size);
          expect(byId(nextMap.values())).toEqual(byId(nextPlain.values()));
          const fromPlain = kioskChanges(plain, nextPlain);
          const fromMap = kioskChanges(map, nextMap);
          expect(byId(fromMap.added)).toEqual(byId(fromPlain.added));
          expect(byId(fromMap.removed)).toEqual(byId(fromPlain.removed));
          plain = nextPlain;
          map = nextMap;
        }
      }),
      { numRuns: 200 },
    );
  });

  it('takes a plain map in as it is', () => {
    const plain = new Map(ids(20).map((id) => [id, kiosk(id)] as const));
    const map = KioskMap.from(plain);
    expect(map.size).toBe(20);
    expect(byId(map.values())).toEqual(byId(plain.values()));
    expect(KioskMap.from(map)).toBe(map);
  });
});
