/**
 * The ready board's routes, for a screen at the counter that has no login: it is told only
 * collection numbers, their states and since when, and the board's settings; nothing about
 * the shopper, the kiosk, the receipt or what was bought.
 *   GET /board/snapshot         → 200 {items, lastMoveId, settings, now}
 *   GET /board/changes?after=ID → Server-Sent Events: `change` {id, item}
 * (`/board` itself is the page: http/console-site.ts.)
 */
import { Hono } from 'hono';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { boardSettingsOf, readSettings } from '../settings/shop-settings';
import { changeFeed } from './change-feed';
import { lastMoveId } from './move-records';
import { boardChangesAfter, boardItems } from './open-orders';

const MINUTE_MS = 60_000;

export function boardRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, now } = services;
  const routes = new Hono<ShopEnv>();

  routes.get('/board/snapshot', async (c) => {
    const at = now();
    const lastMove = await lastMoveId(db);
    const settings = boardSettingsOf(await readSettings(db));
    const items = await boardItems(db, at, settings.boardReadyMinutes * MINUTE_MS);
    return c.json({ items, lastMoveId: lastMove, settings, now: at });
  });

  routes.get('/board/changes', (c) =>
    changeFeed(c, {
      event: 'change',
      read: async (after) =>
        (await boardChangesAfter(db, after)).map(({ id, change }) => ({ id, data: change })),
      now,
    }),
  );

  return routes;
}
