/**
 * The ready board's numbers as plain data: a snapshot and each change applied, the two
 * columns (Preparing: new and picking; Ready), a number gone once handed over or cancelled,
 * or once ready longer than the shop's time, and which numbers just became ready (a chime,
 * a highlight, and speech where the shop turns it on).
 */
import type { BoardChange, BoardItem, BoardSnapshot } from '@shared/fleet/order-flow';

export interface BoardState {
  items: ReadonlyMap<string, BoardItem>;
  lastMoveId: number;
  /** The service's clock minus this page's. */
  clockSkewMs: number;
}

export const EMPTY_STATE: BoardState = { items: new Map(), lastMoveId: 0, clockSkewMs: 0 };

const shown = (item: BoardItem) =>
  item.state === 'new' || item.state === 'picking' || item.state === 'ready';

export function fromSnapshot(
  before: BoardState,
  snapshot: BoardSnapshot,
  pageNow: number,
): { state: BoardState; nowReady: string[] } {
  const items = new Map(snapshot.items.filter(shown).map((item) => [item.number, item]));
  const nowReady =
    before.lastMoveId === 0
      ? []
      : [...items.values()]
          .filter(
            (item) => item.state === 'ready' && before.items.get(item.number)?.state !== 'ready',
          )
          .map((item) => item.number);
  return {
    state: { items, lastMoveId: snapshot.lastMoveId, clockSkewMs: snapshot.now - pageNow },
    nowReady,
  };
}

export function applyChange(
  state: BoardState,
  change: BoardChange,
): { state: BoardState; nowReady: string | null } {
  if (change.id <= state.lastMoveId) return { state, nowReady: null };
  const items = new Map(state.items);
  const was = items.get(change.item.number);
  if (shown(change.item)) items.set(change.item.number, change.item);
  else items.delete(change.item.number);
  const nowReady =
    change.item.state === 'ready' && was?.state !== 'ready' ? change.item.number : null;
  return { state: { ...state, items, lastMoveId: change.id }, nowReady };
}

/** Preparing (oldest first) and Ready (newest first), without ready numbers past their time. */
export function columnsOf(
  state: BoardState,
  now: number,
  readyMinutes: number,
): { preparing: BoardItem[]; ready: BoardItem[] } {
  const preparing: BoardItem[] = [];
  const ready: BoardItem[] = [];
  for (const item of state.items.values()) {
    if (item.state === 'ready') {
      if (now - item.stateAt < readyMinutes * 60_000) ready.push(item);
    } else preparing.push(item);
  }
  preparing.sort((a, b) => a.stateAt - b.stateAt);
  ready.sort((a, b) => b.stateAt - a.stateAt);
  return { preparing, ready };
}

/** How "C 27" is said: the letter and the number as words a voice reads well. */
export function spokenNumber(number: string): string {
  return number.replace(' ', ', ');
}
