/**
 * Orders:
 *   POST /orders {order, certificate?} (signed by an enrolled kiosk) → 201 kept; 200 the same
 *        order again (the one kept); 409 another order is kept under that receipt;
 *        403 the order names another kiosk
 *   GET  /orders?after=CURSOR&limit=N&kiosk=ID (counter, operator) → 200 {orders, next}
 *   GET  /orders/:kioskId/:receiptId (counter, operator) → 200 {order}; 404
 */
import { Hono } from 'hono';
import { RECEIPT_ID_PATTERN } from '../../../shared/fleet/receipt-code';
import { orderRequestSchema } from '../../../shared/fleet/orders/shop-order';
import { isValidKioskId } from '../../../shared/fleet/topics';
import { HttpError } from '../http/http-error';
import { checkAgainst } from '../http/json-body';
import { limitOf } from '../http/query';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { kioskRequestAuth } from '../trust/kiosk-request-auth';
import { FUTURE_TOLERANCE_MS } from '../trust/trust-settings';
import { groupCommit } from '../db/group-commit';
import { saveOrders, type OrderRequest } from './order-batch';
import {
  listOrders,
  orderOf,
  saveOrder,
  type OrderCursor,
  type SaveOrderOutcome,
} from './order-store';

const CURSOR = /^([0-9]{1,16})\.([A-Za-z0-9_-]{1,64})\.(Receipt-[0-9]{1,16}-[0-9]{1,3})$/;

export function cursorText(cursor: OrderCursor): string {
  return `${cursor.receivedAt}.${cursor.kioskId}.${cursor.receiptId}`;
}

function cursorOf(raw: string | undefined): OrderCursor | null {
  if (raw === undefined) return null;
  const match = CURSOR.exec(raw);
  if (!match) throw new HttpError(400, 'invalid-query', 'after: the `next` of an earlier page.');
  const [, receivedAt = '', kioskId = '', receiptId = ''] = match;
  return { receivedAt: Number(receivedAt), kioskId, receiptId };
}

export function orderRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, trust, staffAuth, now } = services;
  const routes = new Hono<ShopEnv>();
  // Orders arriving together are kept in one transaction, each as if alone.
  const orders = groupCommit<OrderRequest, SaveOrderOutcome>({
    batch: (requests) => saveOrders(db, requests),
    single: (request) => saveOrder(db, request.order, request.caller, request.now),
  });

  routes.post('/orders', kioskRequestAuth(services), async (c) => {
    const caller = c.var.kiosk;
    const { order } = checkAgainst(caller.body, orderRequestSchema);
    if (order.kioskId !== caller.kioskId) {
      throw new HttpError(403, 'another-kiosk', 'A kiosk sends only its own orders.');
    }
    if (order.at > now() + FUTURE_TOLERANCE_MS || order.at < now() - trust.holdMs) {
      throw new HttpError(400, 'invalid-body', 'order.at: outside the hold window.');
    }
    const outcome = await orders.submit({ order, caller, now: now() });
    if (outcome.kind === 'different') {
      throw new HttpError(409, 'receipt-taken', 'Another order is kept under this receipt.', {
        order: outcome.order,
      });
    }
    return c.json({ order: outcome.order }, outcome.kind === 'added' ? 201 : 200);
  });

  routes.get('/orders', staffAuth.require('counter', 'operator'), async (c) => {
    const kiosk = c.req.query('kiosk');
    if (kiosk !== undefined && !isValidKioskId(kiosk)) {
      throw new HttpError(400, 'invalid-query', 'kiosk: a kiosk id.');
    }
    const page = await listOrders(db, {
      after: cursorOf(c.req.query('after')),
      limit: limitOf(c.req.query('limit')),
      ...(kiosk === undefined ? {} : { kioskId: kiosk }),
    });
    return c.json({ orders: page.orders, next: page.next ? cursorText(page.next) : null });
  });

  routes.get('/orders/:kioskId/:receiptId', staffAuth.require('counter', 'operator'), async (c) => {
    const { kioskId, receiptId } = c.req.param();
    if (!isValidKioskId(kioskId) || !RECEIPT_ID_PATTERN.test(receiptId)) {
      throw new HttpError(400, 'invalid-path', 'Name a kiosk id and a receipt id.');
    }
    const order = await orderOf(db, kioskId, receiptId);
    if (!order) throw new HttpError(404, 'not-found', 'No order is kept for this receipt.');
    return c.json({ order });
  });

  return routes;
}
