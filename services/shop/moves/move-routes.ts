/**
 * The pick screens' routes (counter and operator logins or tokens, as the counter's):
 *   GET  /orders/open                          → 200 {orders, lastMoveId, settings, now}
 *   GET  /orders/changes?after=ID              → Server-Sent Events: `change` {move, order}
 *   GET  /orders/:kioskId/:receiptId/moves     → 200 {moves} (oldest first)
 *   POST /orders/:kioskId/:receiptId/moves {action, from, reason?}
 *        → 200 {order, move}; 409 moved (someone else moved it first: who, when, to what);
 *          404; 422 a step not made from that state, or nothing to recall
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ORDER_STATES, PICK_ACTIONS, reasonSchema } from '../../../shared/fleet/order-flow';
import { RECEIPT_ID_PATTERN } from '../../../shared/fleet/receipt-code';
import { isValidKioskId } from '../../../shared/fleet/topics';
import { HttpError } from '../http/http-error';
import { readJson } from '../http/json-body';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { orderOf } from '../orders/order-store';
import { readSettings } from '../settings/shop-settings';
import { changeFeed } from './change-feed';
import { lastMoveId, movesOf } from './move-records';
import { changesAfter, pickOrders, pickView } from './open-orders';
import { moveOrder } from './order-moves';

const moveSchema = z
  .strictObject({
    action: z.enum(PICK_ACTIONS),
    from: z.enum(ORDER_STATES),
    reason: reasonSchema.optional(),
  })
  .refine((body) => body.action !== 'cancel' || body.reason !== undefined, {
    message: 'a cancel says why',
    path: ['reason'],
  });

function orderKey(param: (name: string) => string): { kioskId: string; receiptId: string } {
  const kioskId = param('kioskId');
  const receiptId = param('receiptId');
  if (!isValidKioskId(kioskId) || !RECEIPT_ID_PATTERN.test(receiptId)) {
    throw new HttpError(400, 'invalid-path', 'Name a kiosk id and a receipt id.');
  }
  return { kioskId, receiptId };
}

const STATE_WORDS: Readonly<Record<string, string>> = {
  new: 'New',
  picking: 'Picking',
  ready: 'Ready',
  'handed-over': 'Handed over',
  cancelled: 'Cancelled',
};

export function moveRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, staffAuth, now } = services;
  const routes = new Hono<ShopEnv>();
  const staff = staffAuth.require('counter', 'operator');

  routes.get('/orders/open', staff, async (c) => {
    const at = now();
    const lastMove = await lastMoveId(db);
    const [orders, settings] = await Promise.all([pickOrders(db, at), readSettings(db)]);
    return c.json({ orders: orders.map(pickView), lastMoveId: lastMove, settings, now: at });
  });

  routes.get('/orders/changes', staff, (c) =>
    changeFeed(c, {
      event: 'change',
      read: async (after) =>
        (await changesAfter(db, after)).map((change) => ({ id: change.move.id, data: change })),
      now,
    }),
  );

  routes.get('/orders/:kioskId/:receiptId/moves', staff, async (c) => {
    const { kioskId, receiptId } = orderKey((name) => c.req.param(name) ?? '');
    if (!(await orderOf(db, kioskId, receiptId))) {
      throw new HttpError(404, 'not-found', 'No order is kept for this receipt.');
    }
    return c.json({ moves: await movesOf(db, kioskId, receiptId) });
  });

  routes.post('/orders/:kioskId/:receiptId/moves', staff, async (c) => {
    const key = orderKey((name) => c.req.param(name) ?? '');
    const body = await readJson(c, moveSchema);
    if (!(await orderOf(db, key.kioskId, key.receiptId))) {
      throw new HttpError(404, 'not-found', 'No order is kept for this receipt.');
    }
    const principal = c.var.principal;
    const outcome = await moveOrder(
      db,
      {
        ...key,
        action: body.action,
        from: body.from,
        ...(body.reason === undefined ? {} : { reason: body.reason }),
        by: { id: `${principal.kind}:${principal.id}`, name: principal.name },
      },
      now(),
    );
    switch (outcome.kind) {
      case 'moved':
        return c.json({ order: pickView(outcome.order), move: outcome.move });
      case 'conflict': {
        const last = outcome.last;
        const state = STATE_WORDS[outcome.order.state] ?? outcome.order.state;
        const message = last
          ? `${last.by} moved it to ${state} at ${new Date(last.at).toISOString()}.`
          : `It is ${state} now.`;
        throw new HttpError(409, 'moved', message, { order: pickView(outcome.order), last });
      }
      case 'not-found':
        throw new HttpError(404, 'not-found', 'No order is kept for this receipt.');
      case 'refused':
        throw new HttpError(422, 'not-allowed', outcome.message);
    }
  });

  return routes;
}
