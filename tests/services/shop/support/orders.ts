/**
 * Orders for the shop service's tests: a kiosk's order as it sends one, posted signed to the
 * service's /orders or handed to the orders' batch as its route would, a staff move sent to
 * the pick routes, and a counter's claim of an order's receipt.
 */
import type { Hono } from 'hono';
import type { ShopOrder } from '../../../../shared/fleet/orders/shop-order';
import type { OrderState, PickAction } from '../../../../shared/fleet/order-flow';
import type { HandoverInput } from '../../../../services/shop/handovers/handover-store';
import type { ShopEnv } from '../../../../services/shop/http/shop-env';
import type { OrderRequest } from '../../../../services/shop/orders/order-batch';
import { kioskHeaders, newHandoverId, newReceiptId, type TestKiosk } from './shop-world';

type App = Pick<Hono<ShopEnv>, 'request'>;

export function orderFrom(kiosk: TestKiosk, overrides: Partial<ShopOrder> = {}): ShopOrder {
  return {
    receiptId: newReceiptId(),
    kioskId: kiosk.id,
    at: Date.now(),
    lines: [
      { productId: 3, title: 'Mens Cotton Jacket', quantity: 2, priceCents: 5599 },
      { productId: 7, title: 'White Gold Ring', quantity: 1, priceCents: 999 },
    ],
    totalCents: 12197,
    ...overrides,
  };
}

/** `kiosk`'s order as the orders' route hands it to the batch (its signature checked), at `now`. */
export function orderRequest(kiosk: TestKiosk, order: ShopOrder, now = order.at): OrderRequest {
  const bodyText = JSON.stringify({ order });
  return {
    order,
    caller: {
      kioskId: order.kioskId,
      serial: kiosk.serial,
      signature: 'sig',
      signedAt: order.at,
      bodyText,
      body: JSON.parse(bodyText) as unknown,
    },
    now,
  };
}

/** Counter `counter`'s online claim of the receipt of `kiosk`'s order, made at `at`. */
export function counterClaim(
  kiosk: TestKiosk,
  order: Pick<ShopOrder, 'kioskId' | 'receiptId'>,
  counter: number,
  at: number,
): HandoverInput {
  return {
    kioskId: order.kioskId,
    receiptId: order.receiptId,
    handoverId: newHandoverId(),
    counter: `Counter ${counter}`,
    recordedBy: `staff:counter-${counter}`,
    at,
    serials: [kiosk.serial],
  };
}

/**
 * Posts the order as its kiosk signs it (at `time`, by the kiosk's clock: now unless a test
 * runs the service on a clock of its own); throws unless the service kept it.
 */
export async function placeOrder(
  app: App,
  kiosk: TestKiosk,
  order: ShopOrder,
  time?: number,
): Promise<void> {
  const text = JSON.stringify({ order });
  const headers = kioskHeaders(kiosk, {
    method: 'POST',
    path: '/orders',
    body: text,
    ...(time === undefined ? {} : { time }),
  });
  const response = await app.request('/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: text,
  });
  if (response.status !== 201)
    throw new Error(`order: ${response.status} ${await response.text()}`);
}

/** A staff move on the pick routes: the response as it came. */
export function sendMove(
  app: App,
  cookie: string,
  order: Pick<ShopOrder, 'kioskId' | 'receiptId'>,
  action: PickAction,
  from: OrderState,
  reason?: string,
): Promise<Response> {
  return Promise.resolve(
    app.request(`/orders/${order.kioskId}/${order.receiptId}/moves`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ action, from, ...(reason === undefined ? {} : { reason }) }),
    }),
  );
}

export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

/** Parses Server-Sent Events text: the complete events in it, comments left out. */
export function parseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .slice(0, -1)
    .flatMap((block) => {
      const fields = block.split('\n').filter((line) => line !== '' && !line.startsWith(':'));
      if (fields.length === 0) return [];
      const value = (name: string) =>
        fields
          .filter((line) => line.startsWith(`${name}:`))
          .map((line) => line.slice(name.length + 1).trimStart());
      return [
        {
          event: value('event')[0] ?? 'message',
          id: value('id')[0] ?? null,
          data: value('data').join('\n'),
        },
      ];
    });
}

/**
 * Reads a stream's events until `done` says enough (or `ms` pass), then closes it as a
 * browser leaving would; the events and the raw text read.
 */
export async function readStream(
  response: Response,
  done: (events: SseEvent[]) => boolean,
  ms = 10_000,
): Promise<{ events: SseEvent[]; text: string }> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline && !done(parseEvents(text))) {
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (next === null || next.done) break;
      text += decoder.decode(next.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { events: parseEvents(text), text };
}
