/**
 * The orders of receipts counters have just handed over are moved to Handed over, in the
 * handovers' own transaction (handovers/handover-store.ts, handovers/claim-batch.ts): the
 * pick screens and the board see an order leave the moment the counter is told to hand it
 * over, and never a handover without its move. The handovers table has decided it, so the
 * order moves from whatever state it is in; nothing happens for a receipt without an order
 * (a kiosk that sends none) or one handed over already. One lock, one read and one write
 * for all the handovers of a batch.
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
