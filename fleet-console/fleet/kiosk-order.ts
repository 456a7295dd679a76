/**
 * The list's order (listOrder, kiosk-list.ts) worked out in linear time from the kiosks in
 * id order, which the lister keeps up to date with a pass per change (kiosk-lister.ts).
 *
 * Every order is offline first (when asked), then one key, then the id. Sorting 10,000
 * kiosks with listOrder's comparator was most of a new order's work on the page (3–10 ms
 * in the input's task): each comparison reads nested fields, and the many kiosks that share
 * a region or a store are told apart by comparing their ids as strings. Here each kiosk's
 * key is read once; the distinct keys (8 regions, 200 stores, a few versions, or numbers
 * sorted natively) are ranked; and one stable counting pass over the kiosks in id order
 * puts them in place: kiosks with the same presence and key stay in id order.
 */
import type { KioskState } from './fleet-state';
import { PRESENCE_ORDER, SORT_KEYS, type ListOptions, type SortBy } from './kiosk-list';

type OrderKey = Pick<ListOptions, 'sort' | 'offlineFirst'>;

/** Each distinct value's place; null (if any) after every value. */
function rankValues(values: ReadonlySet<string | number | null>, rank: SortBy['rank']) {
  const ranks = new Map<string | number | null, number>();
  if (rank === 'text') {
    const texts = [...values].filter((value): value is string => typeof value === 'string');
    // The default sort compares UTF-16 code units, as listOrder's `<` does.
    texts.sort();
    texts.forEach((text, index) => ranks.set(text, index));
  } else {
    const numbers = Float64Array.from(
      [...values].filter((value): value is number => typeof value === 'number'),
    ).sort();
    if (rank === 'descending') numbers.reverse();
    numbers.forEach((value, index) => ranks.set(value, index));
  }
  ranks.set(null, ranks.size);
  return ranks;
}

/** `byId` (kiosks in id order) in the order's order; a new array. */
export function orderFromIds(byId: readonly KioskState[], order: OrderKey): KioskState[] {
  const sorting = order.sort === 'id' ? null : SORT_KEYS[order.sort];
  const keys = sorting ? byId.map((kiosk): string | number | null => sorting.key(kiosk)) : null;
  const ranks = sorting && keys ? rankValues(new Set(keys), sorting.rank) : null;
  const width = ranks?.size ?? 1;
  // Each kiosk's bucket: its presence's place (when offline first), then its key's rank.
  const buckets = new Uint32Array(byId.length);
  const counts = new Uint32Array((order.offlineFirst ? 3 : 1) * width + 1);
  byId.forEach((kiosk, index) => {
    const presence = order.offlineFirst ? PRESENCE_ORDER[kiosk.presence] : 0;
    const bucket = presence * width + (ranks && keys ? (ranks.get(keys[index] ?? null) ?? 0) : 0);
    buckets[index] = bucket;
    counts[bucket + 1] = (counts[bucket + 1] ?? 0) + 1;
  });
  for (let bucket = 1; bucket < counts.length; bucket += 1) {
    counts[bucket] = (counts[bucket] ?? 0) + (counts[bucket - 1] ?? 0);
  }
  const rows = new Array<KioskState>(byId.length);
  byId.forEach((kiosk, index) => {
    const bucket = buckets[index] ?? 0;
    const at = counts[bucket] ?? 0;
    rows[at] = kiosk;
    counts[bucket] = at + 1;
  });
  return rows;
}
