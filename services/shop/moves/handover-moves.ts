/**
 * The orders of receipts counters have just handed over are moved to Handed over, in the
 * handovers' own transaction (handovers/handover-store.ts, handovers/claim-batch.ts): the
 * pick screens and the board see an order leave the moment the counter is told to hand it
 * over, and never a handover without its move. The handovers table has decided it, so the
 * order moves from whatever state it is in; nothing happens for a receipt without an order
 * (a kiosk that sends none, or one that has not sent it yet) or one handed over already.
 * One statement for all the handovers of a batch.
 *
 * An order can arrive after its receipt was handed over: the kiosk was offline and the
 * shopper went to the counter with the slip. Its arrival is then followed, in the same
 * transaction, by the handover's move (moveArrivedHandedOver), so it never waits on a pick
 * screen for goods already collected. Both sides hold the moves' lock while they read the
 * other's table, so an order and its handover recorded at the same moment cannot miss each
 * other: whichever commits second sees the first. A handover takes the lock before it writes
 * its row (claim-batch.ts, handover-store.ts), and reads the orders in a later statement.
 */
import { sql, type Transaction } from 'kysely';
import type { ShopTables } from '../db/tables';
import type { Mover } from './move-records';

export interface HandoverMove {
  kioskId: string;
  receiptId: string;
  by: Mover;
  /** When the handover was recorded: the move's time and the order's new state's. */
  at: number;
}

/**
 * Moves the handed-over receipts' orders, in one statement: their rows locked and read, the
 * orders not yet handed over moved, and a move kept for each, in the handovers' order. The
 * caller holds the moves' lock (move-records.ts) and took it in an earlier statement of the
 * transaction, so this one reads every order committed before the lock was granted.
 */
export async function moveOnHandovers(
  trx: Transaction<ShopTables>,
  handovers: readonly HandoverMove[],
): Promise<void> {
  if (handovers.length === 0) return;
  const column = <T>(pick: (handover: HandoverMove) => T): T[] => handovers.map(pick);
  await sql`
    with h as (
      select * from unnest(${column((handover) => handover.kioskId)}::text[],
        ${column((handover) => handover.receiptId)}::text[],
        ${column((handover) => handover.by.id)}::text[],
        ${column((handover) => handover.by.name)}::text[],
        ${column((handover) => handover.at)}::bigint[])
        with ordinality as h(kiosk_id, receipt_id, by_id, by_name, at, n)
    ),
    before as materialized (
      select o.kiosk_id, o.receipt_id, o.state, h.by_id, h.by_name, h.at, h.n
      from (select * from h order by h.kiosk_id, h.receipt_id) h
      cross join lateral ( -- a look-up by key for each row, as in claim-batch.ts
        select o.kiosk_id, o.receipt_id, o.state from orders o
        where o.kiosk_id = h.kiosk_id and o.receipt_id = h.receipt_id
          and o.state <> 'handed-over'
        limit 1
        for update
      ) o
    ),
    moved as (
      update orders o set state = 'handed-over', state_at = b.at
      from before b
      where o.kiosk_id = b.kiosk_id and o.receipt_id = b.receipt_id
    )
    insert into order_moves (kiosk_id, receipt_id, kind, from_state, to_state, by_id, by_name, at)
    select b.kiosk_id, b.receipt_id, 'handover', b.state, 'handed-over', b.by_id, b.by_name, b.at
    from before b
    order by b.n`.execute(trx);
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
    select h.kiosk_id, h.receipt_id, h.counter, h.recorded_by, a.at
    from unnest(${arrivals.map((arrival) => arrival.kioskId)}::text[],
      ${arrivals.map((arrival) => arrival.receiptId)}::text[],
      ${arrivals.map((arrival) => arrival.at)}::bigint[]) as a(kiosk_id, receipt_id, at)
    cross join lateral ( -- a look-up by key for each row, as in claim-batch.ts
      select h.kiosk_id, h.receipt_id, h.counter, h.recorded_by from handovers h
      where h.kiosk_id = a.kiosk_id and h.receipt_id = a.receipt_id
      limit 1
    ) h
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
