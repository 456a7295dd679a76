/**
 * The order behind a scanned receipt, as the shop service keeps it (GET /orders/:kiosk/:receipt):
 * its state in the counter's words ("Ready", "Being picked", "Cancelled: out of stock") and
 * its lines, read again every few seconds while the receipt is shown, so the counter sees the
 * stockroom's moves. A receipt without an order (a kiosk that sends none) says so; an answer
 * that does not read is no answer.
 */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { pickOrderSchema, type PickOrder } from '@shared/fleet/order-flow';
import { readAnswer } from '../service/service-answers';
import type { ServiceClient } from '../service/service-client';

export const REFRESH_MS = 3000;

export type ReceiptOrder =
  | { kind: 'loading' }
  | { kind: 'order'; order: PickOrder }
  | { kind: 'none' }
  | { kind: 'unknown'; why: string };

const answerSchema = z.object({ order: pickOrderSchema });

export async function fetchReceiptOrder(
  client: ServiceClient,
  kioskId: string,
  receiptId: string,
): Promise<ReceiptOrder> {
  const reply = await client.request(
    'GET',
    `/orders/${encodeURIComponent(kioskId)}/${encodeURIComponent(receiptId)}`,
  );
  if (reply.kind === 'unreachable') return { kind: 'unknown', why: reply.why };
  if (reply.status === 404) return { kind: 'none' };
  const answer = reply.status === 200 ? readAnswer(answerSchema, reply.body) : null;
  return answer
    ? { kind: 'order', order: answer.order }
    : { kind: 'unknown', why: `the shop service answered ${reply.status}` };
}

/** The order's state as the counter says it. */
export function stateWords(order: Pick<PickOrder, 'state' | 'cancelReason'>): string {
  switch (order.state) {
    case 'new':
      return 'Not picked yet';
    case 'picking':
      return 'Being picked';
    case 'ready':
      return 'Ready';
    case 'handed-over':
      return 'Handed over';
    case 'cancelled':
      return `Cancelled: ${order.cancelReason ?? 'no reason given'}`;
  }
}

export function useReceiptOrder(
  client: ServiceClient | null,
  kioskId: string,
  receiptId: string,
): ReceiptOrder {
  const [order, setOrder] = useState<ReceiptOrder>({ kind: 'loading' });
  useEffect(() => {
    if (!client || kioskId === '' || receiptId === '') return;
    let live = true;
    const read = () =>
      void fetchReceiptOrder(client, kioskId, receiptId).then((next) => {
        if (live) setOrder(next);
      });
    read();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [client, kioskId, receiptId]);
  return order;
}
