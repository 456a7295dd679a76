/**
 * The cards of a column in small groups, so the browser skips layout and paint off screen a
 * group at a time (content-visibility) rather than a card at a time. The browser checks
 * every skipping element against the view in each frame that moves cards: at 300 open orders
 * those checks were 4–15 ms of the longest frames, a card each.
 *
 * Where a group starts is decided by its first card alone (about one card in GROUP_EVERY, by
 * a hash of its key), never by a place in the column: an order that arrives, leaves or is
 * moved changes only the group it is in (or splits or joins one), and every other card keeps
 * its group, so React moves no card it need not. Orders that came in a burst group as well
 * as orders that came one by one.
 */
import type { PickOrder } from '@shared/fleet/order-flow';
import { keyOf } from './pick-orders';

/** About how many cards a group holds. */
export const GROUP_EVERY = 4;

export interface CardGroup {
  /** The key of the card that starts it ('head' for those before the first such card). */
  key: string;
  orders: PickOrder[];
}

/** FNV-1a: a card's key to a well-spread number, the same on every screen. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Whether the card with `key` starts a group of its own. */
export const startsGroup = (key: string, every = GROUP_EVERY): boolean => hashOf(key) % every === 0;

/** `orders` as a column shows them, in groups that keep their order. */
export function groupsOf(orders: readonly PickOrder[], every = GROUP_EVERY): CardGroup[] {
  const groups: CardGroup[] = [];
  let last: CardGroup | undefined;
  for (const order of orders) {
    const key = keyOf(order);
    if (last === undefined || startsGroup(key, every)) {
      last = { key: last === undefined && !startsGroup(key, every) ? 'head' : key, orders: [] };
      groups.push(last);
    }
    last.orders.push(order);
  }
  return groups;
}
