/**
 * The orders of receipts counters have just handed over are moved to Handed over, in the
 * handovers' own transaction (handovers/handover-store.ts, handovers/claim-batch.ts): the
 * pick screens and the board see an order leave the moment the counter is told to hand it
 * over, and never a handover without its move. The handovers table has decided it, so the
 * order moves from whatever state it is in; nothing happens for a receipt without an order
 * (a kiosk that sends none, or one that has not sent it yet) or one handed over already.
 * One lock, one read and one write for all the handovers of a batch.
 *
 * An order can arrive after its receipt was handed over: the kiosk was offline and the
 * shopper went to the counter with the slip. Its arrival is then followed, in the same
 * transaction, by the handover's move (moveArrivedHandedOver), so it never waits on a pick
 * screen for goods already collected. Both sides hold the moves' lock while they read the
 * other's table, so an order and its handover recorded at the same moment cannot miss each
 * other: whichever commits second sees the first.
 */
import { sql, type Transaction } from 'kysely';
import type { OrderState, ShopTables } from '../db/tables';
import { lockMoves, type Mover } from './move-records';

export interface HandoverMove {
  kioskId: string;
  receiptId: string;
  by: Mover;
  /** When the handover was recorded: the move's time and the order's new state's. */
  at: number;
}

export async function moveOnHandovers(
  trx: Transaction<ShopTables>,
  handovers: readonly HandoverMove[],
): Promise<void> {
  if (handovers.length === 0) return;
  await lockMoves(trx);
  const { rows } = await sql<{ kiosk_id: string; receipt_id: string; state: OrderState }>`
    select o.kiosk_id, o.receipt_id, o.state from orders o
    join unnest(${handovers.map((handover) => handover.kioskId)}::text[],
      ${handovers.map((handover) => handover.receiptId)}::text[]) as h(kiosk_id, receipt_id)
      on o.kiosk_id = h.kiosk_id and o.receipt_id = h.receipt_id
    order by o.kiosk_id, o.receipt_id
    for update of o`.execute(trx);
  const before = new Map(rows.map((row) => [`${row.kiosk_id}\n${row.receipt_id}`, row.state]));
  const moved = handovers.flatMap((handover) => {
    const from = before.get(`${handover.kioskId}\n${handover.receiptId}`);
    return from === undefined || from === 'handed-over' ? [] : [{ ...handover, from }];
  });
  if (moved.length === 0) return;
  const column = <T>(pick: (move: (typeof moved)[number]) => T): T[] => moved.map(pick);
  await sql`
    with moved as (
      update orders o set state = 'handed-over', state_at = m.at
      from unnest(${column((move) => move.kioskId)}::text[],
        ${column((move) => move.receiptId)}::text[],
        ${column((move) => move.at)}::bigint[]) as m(kiosk_id, receipt_id, at)
      where o.kiosk_id = m.kiosk_id and o.receipt_id = m.receipt_id
    )
    insert into order_moves (kiosk_id, receipt_id, kind, from_state, to_state, by_id, by_name, at)
    select m.kiosk_id, m.receipt_id, 'handover', m.from_state, 'handed-over', m.by_id,
      m.by_name, m.at
    from unnest(${column((move) => move.kioskId)}::text[],
      ${column((move) => move.receiptId)}::text[],
      ${column((move) => move.from)}::text[],
      ${column((move) => move.by.id)}::text[],
      ${column((move) => move.by.name)}::text[],
      ${column((move) => move.at)}::bigint[])
      with ordinality as m(kiosk_id, receipt_id, from_state, by_id, by_name, at, n)
    order by m.n`.execute(trx);
}

/**
 * The handovers of receipts whose orders have just arrived, as moves of those orders: by
 * the counter that handed the goods over, at each arrival's time. The caller has recorded
 * the arrivals under the moves' lock in this transaction.
 */
export async function moveArrivedHandedOver(
  trx: Transaction<ShopTables>,
  arrivals: readonly { kioskId: string; receiptId: string; at: number }[],
): Promise<void> {
  if (arrivals.length === 0) return;
  const { rows } = await sql<HandedOver>`
    select h.kiosk_id, h.receipt_id, h.counter, h.recorded_by, a.at from handovers h
    join unnest(${arrivals.map((arrival) => arrival.kioskId)}::text[],
      ${arrivals.map((arrival) => arrival.receiptId)}::text[],
      ${arrivals.map((arrival) => arrival.at)}::bigint[]) as a(kiosk_id, receipt_id, at)
      on h.kiosk_id = a.kiosk_id and h.receipt_id = a.receipt_id
    order by h.kiosk_id, h.receipt_id`.execute(trx);
  await moveOnHandovers(
    trx,
    rows.map((row) => ({
      kioskId: row.kiosk_id,
      receiptId: row.receipt_id,
      by: { id: row.recorded_by, name: row.counter },
      at: Number(row.at),
    })),
  );
}

interface HandedOver {
  kiosk_id: string;
  receipt_id: string;
  counter: string;
  recorded_by: string;
  at: number | string;
}
