/**
 * The bound on the kiosks a reader of the whole fleet keeps: never more than its limit,
 * enrolled kiosks first (an unenrolled one, the longest kept, gives way to an enrolled
 * newcomer; an unenrolled newcomer is dropped once full), and a flood of invented ids never
 * pushes out an enrolled kiosk.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKioskBound, MAX_FLEET_KIOSKS } from '../../../shared/fleet/kiosk-bound';

describe('the kiosk bound', () => {
  it('keeps up to its limit, then drops unenrolled newcomers', () => {
    const bound = createKioskBound(() => false, 3);
    expect(['a', 'b', 'c'].map((id) => bound.admit(id))).toEqual([
      { keep: true, evict: null },
      { keep: true, evict: null },
      { keep: true, evict: null },
    ]);
    expect(bound.admit('d')).toEqual({ keep: false });
    expect(bound.admit('a')).toEqual({ keep: true, evict: null });
    bound.forget('b');
    expect(bound.admit('d')).toEqual({ keep: true, evict: null });
    expect(bound.size()).toBe(3);
  });

  it('lets the longest kept unenrolled kiosk give way to an enrolled one', () => {
    const enrolled = new Set(['e1', 'e2']);
    const bound = createKioskBound((id) => enrolled.has(id), 3);
    for (const id of ['x1', 'e1', 'x2']) bound.admit(id);
    expect(bound.admit('e2')).toEqual({ keep: true, evict: 'x1' });
    expect(bound.has('x1')).toBe(false);
    // x2 enrolled meanwhile: nothing unenrolled is left to give way.
    enrolled.add('x2');
    bound.setEnrolled('x2', true);
    enrolled.add('e3');
    expect(bound.admit('e3')).toEqual({ keep: false });
  });

  it('keeps every enrolled kiosk whatever ids flood in, and never more than its limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.nat({ max: 60 })), { maxLength: 400 }),
        fc.integer({ min: 1, max: 20 }),
        (events, max) => {
          const enrolledIds = new Set<string>();
          const bound = createKioskBound((id) => enrolledIds.has(id), max);
          for (const [enrolled, n] of events) {
            const id = enrolled ? `enrolled-${n % 10}` : `forged-${n}`;
            if (enrolled) enrolledIds.add(id);
            bound.admit(id);
            expect(bound.size()).toBeLessThanOrEqual(max);
          }
          // Every enrolled kiosk seen is kept, as long as they fit.
          const kept = [...enrolledIds].filter((id) => bound.has(id));
          expect(kept.length).toBe(Math.min(enrolledIds.size, max));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('states its limit: twice the largest fleet tested', () => {
    expect(MAX_FLEET_KIOSKS).toBe(20_000);
    expect(createKioskBound(() => false).max).toBe(MAX_FLEET_KIOSKS);
  });
});
