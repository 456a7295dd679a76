/**
 * listKiosks (kiosk-list.ts) that remembers, so that neither a report nor a key press
 * costs a sort of the whole fleet:
 * - With the same options, the rows that did not change keep their order; only the kiosks
 *   that changed, came or went (kiosk-changes.ts) are taken out, sorted among themselves and
 *   merged back in: a frame that moves 300 of 10,000 kiosks costs a copy of the list.
 * - It keeps every kiosk in the last order asked for (the sort and offline-first), brought
 *   up to date the same way when asked again. A search or filter in that order is then a
 *   pass that keeps the kiosks it matches, already in order: typing in the search box never
 *   sorts. A new order is worked out from the fleet in id order, kept the same way, in a
 *   counting pass (kiosk-order.ts): for the kiosks shown only, and for the whole fleet when
 *   a search or filter in that order first asks for it (at once when nothing is filtered:
 *   the rows are then the whole fleet).
 * - Typing on in the search box (a query that holds the last one, over the same kiosks, with
 *   the same filters and order) keeps some of the rows already shown: a text that holds
 *   the longer query holds the shorter one too.
 */
import type { KioskState } from './fleet-state';
import { kioskChanges } from './kiosk-changes';
import { listOrder, matches, queryOf, showsAll, type ListOptions } from './kiosk-list';
import { orderFromIds } from './kiosk-order';

type Order = (a: KioskState, b: KioskState) => number;

const byIdOrder: Order = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
type OrderKey = Pick<ListOptions, 'sort' | 'offlineFirst'>;

interface Listed {
  kiosks: ReadonlyMap<string, KioskState>;
  rows: KioskState[];
}

/** Every kiosk in one order. */
interface Ordered extends Listed, OrderKey {}

interface Answer extends Listed {
  options: ListOptions;
}

/** The first place in `rows` (sorted by `order`) whose kiosk does not come before `kiosk`. */
function placeOf(rows: readonly KioskState[], kiosk: KioskState, order: Order): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(rows[middle] as KioskState, kiosk) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * `previous` (rows of `previous.kiosks` in `order`) brought up to `kiosks`: changed ones
 * taken out and merged back in. Each changed kiosk is found, and placed, by a binary search
 * (the rows are in order, every kiosk by the state they hold, and no two kiosks compare
 * equal), so a post that changes 300 of 10,000 kiosks costs a few thousand comparisons and
 * a copy of the rows, not a comparison and a lookup for every row.
 */
function mergeChanges(
  previous: Listed,
  kiosks: ReadonlyMap<string, KioskState>,
  order: Order,
  keep: (kiosk: KioskState) => boolean,
): KioskState[] {
  const { removed, added } = kioskChanges(previous.kiosks, kiosks);
  if (removed.length === 0 && added.length === 0) return previous.rows;
  const before = previous.rows;
  const cuts: number[] = [];
  for (const kiosk of removed) {
    const at = placeOf(before, kiosk, order);
    // A kiosk the filter left out is not among the rows.
    if (before[at] === kiosk) cuts.push(at);
  }
  cuts.sort((a, b) => a - b);
  const moving = added.filter(keep).sort(order);
  const rows: KioskState[] = [];
  const copy = (to: number) => {
    for (; from < to; from += 1) rows.push(before[from] as KioskState);
  };
  let from = 0;
  let cut = 0;
  for (const kiosk of moving) {
    const place = placeOf(before, kiosk, order);
    for (; cut < cuts.length && (cuts[cut] as number) < place; cut += 1) {
      copy(cuts[cut] as number);
      from += 1;
    }
    copy(place);
    rows.push(kiosk);
  }
  for (; cut < cuts.length; cut += 1) {
    copy(cuts[cut] as number);
    from += 1;
  }
  copy(before.length);
  return rows;
}

const sameOrder = (one: OrderKey, other: OrderKey): boolean =>
  one.sort === other.sort && one.offlineFirst === other.offlineFirst;

/** `after` shows some of the kiosks `before` shows, in the same order: only its query grew. */
const narrows = (before: ListOptions, after: ListOptions): boolean =>
  sameOrder(before, after) &&
  before.show === after.show &&
  (before.region ?? '') === (after.region ?? '') &&
  (before.store ?? '') === (after.store ?? '') &&
  queryOf(after).includes(queryOf(before));

export function createKioskLister(): (
  kiosks: ReadonlyMap<string, KioskState>,
  options: ListOptions,
) => KioskState[] {
  let last: Answer | null = null;
  let ordered: Ordered | null = null;
  /** Every kiosk in id order, from which a new order is worked out (kiosk-order.ts). */
  let byId: Listed | null = null;

  const idOrdered = (kiosks: ReadonlyMap<string, KioskState>): KioskState[] => {
    const rows = byId
      ? mergeChanges(byId, kiosks, byIdOrder, () => true)
      : [...kiosks.values()].sort(byIdOrder);
    byId = { kiosks, rows };
    return rows;
  };

  /** Every kiosk of `kiosks` in the options' order. */
  const orderedFleet = (kiosks: ReadonlyMap<string, KioskState>, options: ListOptions) => {
    const rows =
      ordered && sameOrder(ordered, options)
        ? mergeChanges(ordered, kiosks, listOrder(options), () => true)
        : orderFromIds(idOrdered(kiosks), options);
    ordered = { kiosks, rows, sort: options.sort, offlineFirst: options.offlineFirst };
    return rows;
  };

  const answer = (kiosks: ReadonlyMap<string, KioskState>, options: ListOptions): KioskState[] => {
    const query = queryOf(options);
    const keep = (kiosk: KioskState) => matches(kiosk, query, options);
    if (last && last.options === options) {
      const rows = mergeChanges(last, kiosks, listOrder(options), keep);
      // Nothing filtered: these rows are the whole fleet in that order, kept for the next
      // search (otherwise it would merge in every kiosk that came since it was last asked).
      if (showsAll(options)) {
        ordered = { kiosks, rows, sort: options.sort, offlineFirst: options.offlineFirst };
      }
      return rows;
    }
    if (last && last.kiosks === kiosks && narrows(last.options, options)) {
      return last.rows.filter(keep);
    }
    if (showsAll(options)) return orderedFleet(kiosks, options);
    // A new order: only the kiosks shown are put in it. The same order with another search or
    // filter: a pass over the whole fleet in that order.
    const newOrder = last !== null && !sameOrder(last.options, options);
    if (newOrder && !(ordered && sameOrder(ordered, options))) {
      return orderFromIds(idOrdered(kiosks).filter(keep), options);
    }
    return orderedFleet(kiosks, options).filter(keep);
  };

  return (kiosks, options) => {
    if (last && last.kiosks === kiosks && last.options === options) return last.rows;
    const rows = answer(kiosks, options);
    last = { kiosks, options, rows };
    return rows;
  };
}
