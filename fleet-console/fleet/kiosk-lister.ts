/**
 * listKiosks (kiosk-list.ts) that remembers, so that neither a report nor a key press
 * costs a sort of the whole fleet:
 * - With the same options, the rows that did not change keep their order; only the kiosks
 *   that changed, came or went (kiosk-changes.ts) are taken out, sorted among themselves and
 *   merged back in: a frame that moves 300 of 10,000 kiosks costs a pass over the list.
 * - It keeps every kiosk in the last order asked for (the sort and offline-first), brought
 *   up to date the same way when asked again. A search or filter in that order is then a
 *   pass that keeps the kiosks it matches, already in order: typing in the search box never
 *   sorts. A new order sorts only the kiosks shown; the whole fleet in it is sorted once,
 *   when a search or filter in that order first asks for it (at once when nothing is
 *   filtered: the rows are then the whole fleet).
 * - Typing on in the search box (a query that holds the last one, over the same kiosks, with
 *   the same filters and order) keeps some of the rows already shown: a text that holds
 *   the longer query holds the shorter one too.
 */
import type { KioskState } from './fleet-state';
import { kioskChanges } from './kiosk-changes';
import { listKiosks, listOrder, matches, queryOf, showsAll, type ListOptions } from './kiosk-list';

type Order = (a: KioskState, b: KioskState) => number;
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

/** `previous` (rows of `previous.kiosks` in `order`) brought up to `kiosks`: changed ones merged in. */
function mergeChanges(
  previous: Listed,
  kiosks: ReadonlyMap<string, KioskState>,
  order: Order,
  keep: (kiosk: KioskState) => boolean,
): KioskState[] {
  const { removed, added } = kioskChanges(previous.kiosks, kiosks);
  if (removed.length === 0 && added.length === 0) return previous.rows;
  const changed = new Set<string>();
  for (const kiosk of removed) changed.add(kiosk.id);
  for (const kiosk of added) changed.add(kiosk.id);
  const moving = added.filter(keep).sort(order);
  const rows: KioskState[] = [];
  let next = 0;
  for (const row of previous.rows) {
    if (changed.has(row.id)) continue;
    while (next < moving.length && order(moving[next] as KioskState, row) < 0) {
      rows.push(moving[next] as KioskState);
      next += 1;
    }
    rows.push(row);
  }
  while (next < moving.length) rows.push(moving[next++] as KioskState);
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

  /** Every kiosk of `kiosks` in the options' order. */
  const orderedFleet = (kiosks: ReadonlyMap<string, KioskState>, options: ListOptions) => {
    const rows =
      ordered && sameOrder(ordered, options)
        ? mergeChanges(ordered, kiosks, listOrder(options), () => true)
        : [...kiosks.values()].sort(listOrder(options));
    ordered = { kiosks, rows, sort: options.sort, offlineFirst: options.offlineFirst };
    return rows;
  };

  const answer = (kiosks: ReadonlyMap<string, KioskState>, options: ListOptions): KioskState[] => {
    const query = queryOf(options);
    const keep = (kiosk: KioskState) => matches(kiosk, query, options);
    if (last && last.options === options)
      return mergeChanges(last, kiosks, listOrder(options), keep);
    if (last && last.kiosks === kiosks && narrows(last.options, options)) {
      return last.rows.filter(keep);
    }
    if (showsAll(options)) return orderedFleet(kiosks, options);
    // A new order: only the kiosks shown are sorted. The same order with another search or
    // filter: a pass over the whole fleet in that order.
    const newOrder = last !== null && !sameOrder(last.options, options);
    if (newOrder && !(ordered && sameOrder(ordered, options))) {
      return listKiosks(kiosks.values(), options);
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
