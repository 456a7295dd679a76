/**
 * Staff moving an order, each move one transaction: the moves' lock taken (move-records.ts),
 * the order's state changed only if it is still the state the screen showed (a conditional
 * update), and the move kept beside it. Of two staff moving the same order at once, the
 * second finds the state changed and is told who moved it and when; nothing is written for
 * it. Only a step forward (New → Picking → Ready → Handed over), a cancel (of an open order,
 * with a reason) and a recall (the last step or cancel undone) are moves: no state is skipped.
 *
 * A counter's handover moves the order too (handover-moves.ts), from whatever state it is
 * in, in the handover's own transaction: the handovers table has decided it, and goods
 * that left the shop are handed over whatever the screens said. Such a handover is never
 * recalled.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  OPEN_STATES,
  STEPS,
  type OrderMove,
  type OrderState,
  type PickAction,
} from '../../../shared/fleet/order-flow';
import type { ShopTables } from '../db/tables';
import { orderOf, viewOf, type OrderView } from '../orders/order-store';
import { lockMoves, movesOf, recordMove, type Mover } from './move-records';

export interface MoveRequest {
  kioskId: string;
  receiptId: string;
  action: PickAction;
  /** The state the screen showed: the move happens only if the order is still in it. */
  from: OrderState;
  /** A cancel's reason. */
  reason?: string;
  by: Mover;
}

export type MoveOutcome =
  | { kind: 'moved'; order: OrderView; move: OrderMove }
  /** The order is no longer in `from`: moved by someone else (their move, if any). */
  | { kind: 'conflict'; order: OrderView; last: OrderMove | null }
  | { kind: 'not-found' }
  /** A step this action never makes from that state, or a recall with nothing to undo. */
  | { kind: 'refused'; message: string };

/** The move a recall undoes: the newest step or cancel not undone by a later recall. */
export function moveToUndo(moves: readonly OrderMove[]): OrderMove | null {
  const done: OrderMove[] = [];
  for (const move of moves) {
    if (move.kind === 'recall') done.pop();
    else if (move.kind !== 'arrived') done.push(move);
  }
  return done.at(-1) ?? null;
}

type Plan =
  | { kind: 'go'; to: OrderState; moveKind: 'move' | 'cancel' | 'recall' }
  /** The screen showed a state the order has left: answered as a conflict. */
  | { kind: 'stale' }
  | MoveOutcome;

async function plan(trx: Transaction<ShopTables>, request: MoveRequest): Promise<Plan> {
  const { action, from } = request;
  if (action === 'take' || action === 'ready' || action === 'hand-over') {
    const step = STEPS[action];
    if (step.from !== from) {
      return {
        kind: 'refused',
        message: `An order is moved on to ${step.to} only from ${step.from}.`,
      };
    }
    return { kind: 'go', to: step.to, moveKind: 'move' };
  }
  if (action === 'cancel') {
    if (!OPEN_STATES.includes(from)) {
      return { kind: 'refused', message: 'Only an order not yet handed over may be cancelled.' };
    }
    return { kind: 'go', to: 'cancelled', moveKind: 'cancel' };
  }
  const undo = moveToUndo(await movesOf(trx, request.kioskId, request.receiptId));
  if (undo === null || undo.from === null) {
    return { kind: 'refused', message: 'This order has no move to recall.' };
  }
  if (undo.to !== from) return { kind: 'stale' };
  if (undo.kind === 'handover') {
    return {
      kind: 'refused',
      message: 'A counter handed this order over: a handover is never recalled.',
    };
  }
  return { kind: 'go', to: undo.from, moveKind: 'recall' };
}

/** The order's newest move, read after a conflict to say who moved it. */
async function lastMoveOf(db: Kysely<ShopTables>, kioskId: string, receiptId: string) {
  return (await movesOf(db, kioskId, receiptId)).at(-1) ?? null;
}

export async function moveOrder(
  db: Kysely<ShopTables>,
  request: MoveRequest,
  now: number,
): Promise<MoveOutcome> {
  const { kioskId, receiptId, from } = request;
  const outcome = await db.transaction().execute(async (trx): Promise<MoveOutcome | null> => {
    await lockMoves(trx);
    const planned = await plan(trx, request);
    if (planned.kind === 'stale') return null;
    if (planned.kind !== 'go') return planned;
    const row = await trx
      .updateTable('orders')
      .set({
        state: planned.to,
        state_at: now,
        cancel_reason: planned.to === 'cancelled' ? (request.reason ?? null) : null,
      })
      .where('kiosk_id', '=', kioskId)
      .where('receipt_id', '=', receiptId)
      .where('state', '=', from)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const move = await recordMove(trx, {
      kioskId,
      receiptId,
      kind: planned.moveKind,
      from,
      to: planned.to,
      by: request.by,
      at: now,
      reason: planned.moveKind === 'cancel' ? (request.reason ?? null) : null,
    });
    return { kind: 'moved', order: viewOf(row), move };
  });
  if (outcome !== null) return outcome;
  const order = await orderOf(db, kioskId, receiptId);
  if (!order) return { kind: 'not-found' };
  return { kind: 'conflict', order, last: await lastMoveOf(db, kioskId, receiptId) };
}
