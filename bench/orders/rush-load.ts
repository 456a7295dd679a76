/**
 * The rush's traffic against a real shop service: kiosks confirming orders (each signed by
 * its kiosk, as a kiosk sends it) and the staff moving them along over the pick screens'
 * own HTTP routes (take, ready, hand over), each step a fixed time after the last, so the
 * board has a number coming up under Ready and another leaving it every few seconds. Every
 * send is timed from just before the request, the moment the shopper (or the staff) acts.
 */
import type { ShopOrder } from '../../shared/fleet/orders/shop-order';
import { COLLECTION_LETTERS } from '../../shared/collection-number';
import {
  kioskHeaders,
  newReceiptId,
  type TestKiosk,
} from '../../tests/services/shop/support/shop-world';
import type { ShopService } from '../../tests/e2e/fleet-console/support/shop-service';

export interface PlacedOrder {
  receiptId: string;
  kioskId: string;
  number: string;
  /** The shopper's confirm: just before the kiosk's request. */
  sentAt: number;
  /** The staff's "ready", just before its request; null: not made ready in the run. */
  readyAt: number | null;
  /** The staff's "hand over", just before its request; null: not handed over in the run. */
  handedAt: number | null;
}

/** Collection numbers in the kiosks' own form ("C 27"), none twice in a run. */
export function numberSource(): () => string {
  let next = 0;
  return () => {
    const letter = COLLECTION_LETTERS[next % COLLECTION_LETTERS.length];
    const number = Math.floor(next / COLLECTION_LETTERS.length) + 1;
    next += 1;
    return `${letter} ${number}`;
  };
}

function orderFor(kiosk: TestKiosk, number: string, at: number): ShopOrder {
  return {
    receiptId: newReceiptId(),
    kioskId: kiosk.id,
    at,
    lines: [
      { productId: 3, title: 'Mens Cotton Jacket', quantity: 1, priceCents: 5599 },
      { productId: 7, title: 'White Gold Plated Princess Ring', quantity: 2, priceCents: 999 },
    ],
    totalCents: 7597,
    collectionNumber: number,
  };
}

/** One order, sent as its kiosk sends it; throws unless the service kept it. */
export async function placeOrder(
  origin: string,
  kiosk: TestKiosk,
  number: string,
): Promise<PlacedOrder> {
  const sentAt = Date.now();
  const order = orderFor(kiosk, number, sentAt);
  const body = JSON.stringify({ order });
  const response = await fetch(`${origin}/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...kioskHeaders(kiosk, { method: 'POST', path: '/orders', body }),
    },
    body,
  });
  if (response.status !== 201) {
    throw new Error(`the service refused an order (${response.status}): ${await response.text()}`);
  }
  return {
    receiptId: order.receiptId,
    kioskId: kiosk.id,
    number,
    sentAt,
    readyAt: null,
    handedAt: null,
  };
}

type Step =
  | { action: 'take'; from: 'new' }
  | { action: 'ready'; from: 'picking' }
  | { action: 'hand-over'; from: 'ready' };

export const STEPS: readonly Step[] = [
  { action: 'take', from: 'new' },
  { action: 'ready', from: 'picking' },
  { action: 'hand-over', from: 'ready' },
];

/** One staff move, as a pick screen makes it; throws unless the service made it. */
export async function moveOrder(
  service: ShopService,
  order: PlacedOrder,
  step: Step,
): Promise<void> {
  const at = Date.now();
  if (step.action === 'ready') order.readyAt = at;
  if (step.action === 'hand-over') order.handedAt = at;
  const response = await service.request(
    'POST',
    `/orders/${order.kioskId}/${order.receiptId}/moves`,
    step,
  );
  if (response.status !== 200) {
    throw new Error(
      `the service refused a ${step.action} (${response.status}): ${await response.text()}`,
    );
  }
}

export interface RushPlan {
  kiosks: readonly TestKiosk[];
  /** Each kiosk confirms an order this often, the kiosks spread evenly over it. */
  everyMs: number;
  durationMs: number;
  /** Each order is moved one step this long after the last (take, ready, hand over). */
  stepMs: number;
}

/**
 * Runs the rush: every kiosk confirms an order every `everyMs`, and each order is taken,
 * made ready and handed over `stepMs` apart. Resolves when the last hand-over is made;
 * failures are collected, not thrown, so one refused request does not end the run.
 */
export async function runRush(
  service: ShopService,
  plan: RushPlan,
  nextNumber: () => string,
): Promise<{ orders: PlacedOrder[]; failures: string[] }> {
  const orders: PlacedOrder[] = [];
  const failures: string[] = [];
  const work: Promise<void>[] = [];
  const start = Date.now();
  const sleepUntil = (at: number) =>
    new Promise((done) => setTimeout(done, Math.max(0, at - Date.now())));
  const follow = async (order: PlacedOrder, sentAt: number): Promise<void> => {
    for (const [index, step] of STEPS.entries()) {
      await sleepUntil(sentAt + (index + 1) * plan.stepMs);
      await moveOrder(service, order, step);
    }
  };
  const kioskLoop = async (kiosk: TestKiosk, offset: number): Promise<void> => {
    for (let at = start + offset; at < start + plan.durationMs; at += plan.everyMs) {
      await sleepUntil(at);
      const placing = placeOrder(service.origin, kiosk, nextNumber()).then((order) => {
        orders.push(order);
        return follow(order, order.sentAt);
      });
      work.push(placing.catch((error: unknown) => void failures.push(String(error))));
    }
  };
  await Promise.all(
    plan.kiosks.map((kiosk, index) =>
      kioskLoop(kiosk, (index * plan.everyMs) / plan.kiosks.length),
    ),
  );
  await Promise.all(work);
  return { orders, failures };
}
