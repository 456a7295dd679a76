/**
 * A staff move of an order, sent to the shop service (POST /orders/:kiosk/:receipt/moves)
 * with the state the screen showed, and its answer read: moved (the order as it stands), or
 * someone else was first (who, to what, when), refused (a step never made from there, or
 * nothing to recall), signed out, or no answer. Fails closed: an answer that does not read
 * is no move.
 */
import { z } from 'zod';
import {
  moveSchema,
  pickOrderSchema,
  type OrderMove,
  type OrderState,
  type PickAction,
  type PickOrder,
} from '@shared/fleet/order-flow';
import { errorAnswerSchema, readAnswer } from './service-answers';
import type { ServiceClient } from './service-client';

export type MoveResult =
  | { kind: 'moved'; order: PickOrder }
  | { kind: 'beaten'; order: PickOrder; last: OrderMove | null }
  | { kind: 'refused'; message: string }
  | { kind: 'signed-out' }
  | { kind: 'unreachable'; why: string };

const movedSchema = z.object({ order: pickOrderSchema, move: moveSchema });
const beatenSchema = z.object({ order: pickOrderSchema, last: moveSchema.nullable() });

export async function sendMove(
  client: ServiceClient,
  order: Pick<PickOrder, 'kioskId' | 'receiptId'>,
  action: PickAction,
  from: OrderState,
  reason?: string,
): Promise<MoveResult> {
  const reply = await client.request(
    'POST',
    `/orders/${encodeURIComponent(order.kioskId)}/${encodeURIComponent(order.receiptId)}/moves`,
    { action, from, ...(reason === undefined ? {} : { reason }) },
  );
  if (reply.kind === 'unreachable') return reply;
  if (reply.status === 401) return { kind: 'signed-out' };
  if (reply.status === 200) {
    const moved = readAnswer(movedSchema, reply.body);
    if (moved) return { kind: 'moved', order: moved.order };
  }
  if (reply.status === 409) {
    const beaten = readAnswer(beatenSchema, reply.body);
    if (beaten) return { kind: 'beaten', order: beaten.order, last: beaten.last };
  }
  const error = readAnswer(errorAnswerSchema, reply.body);
  return {
    kind: 'refused',
    message: error?.message ?? `The shop service answered ${reply.status}; nothing was moved.`,
  };
}
