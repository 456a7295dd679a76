// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PickOrder } from '@shared/fleet/order-flow';
import { groupsOf, startsGroup } from './card-groups';
import { keyOf } from './pick-orders';

const order = (receiptId: string, at = 0): PickOrder => ({
  kioskId: 'kiosk-01',
  receiptId,
  collectionNumber: null,
  at,
  receivedAt: at,
  late: false,
  lines: [],
  totalCents: 0,
  state: 'new',
  stateAt: at,
  cancelReason: null,
});

const column = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => order(`r${from + index}`, from + index));

/** Each card's group, by the card's key. */
const groupOfEach = (orders: PickOrder[]) =>
  new Map(groupsOf(orders).flatMap((group) => group.orders.map((one) => [keyOf(one), group.key])));

describe('groupsOf', () => {
  it('starts a group at each card chosen by its key, and at the top', () => {
    const orders = column(40);
    const groups = groupsOf(orders);
    for (const [index, group] of groups.entries()) {
      const first = group.orders[0]!;
      expect(group.key).toBe(index === 0 && !startsGroup(keyOf(first)) ? 'head' : keyOf(first));
      for (const later of group.orders.slice(1)) expect(startsGroup(keyOf(later))).toBe(false);
    }
    // Small groups, whatever the confirm times: a burst of 300 orders is not one group.
    expect(groups.length).toBeGreaterThan(4);
    const burst = groupsOf(Array.from({ length: 300 }, (_, index) => order(`b${index}`, 5)));
    expect(Math.max(...burst.map((group) => group.orders.length))).toBeLessThan(40);
  });

  it('keeps every order once, in order, under keys that never repeat', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 8 }), { maxLength: 80 }), (ids) => {
        const orders = ids.map((id) => order(id));
        const groups = groupsOf(orders);
        expect(groups.flatMap((group) => group.orders)).toEqual(orders);
        expect(new Set(groups.map((group) => group.key)).size).toBe(groups.length);
        expect(groups.every((group) => group.orders.length > 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('moves no card but those of the group a card left or joined', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), fc.nat(), fc.boolean(), (count, at, leaves) => {
        const before = column(count);
        const place = at % count;
        const after = leaves
          ? before.filter((_, index) => index !== place)
          : [...before.slice(0, place), order('arrived', -1), ...before.slice(place)];
        const was = groupOfEach(before);
        const now = groupOfEach(after);
        const touched = new Set([was.get(keyOf(before[place]!)), now.get('kiosk-01 arrived')]);
        for (const [key, group] of now) {
          const old = was.get(key);
          if (old === undefined || old === group) continue;
          // Only a card whose group was split or joined moves, and then to its neighbour's.
          expect(touched.has(old) || touched.has(group)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
