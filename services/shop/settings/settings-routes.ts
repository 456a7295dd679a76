/**
 * The shop's settings for the pick screen and the board (settings/shop-settings.ts):
 *   GET  /shop-settings           (counter, operator) → 200 {settings}
 *   POST /shop-settings {changes} (operator)          → 200 {settings}; 400 what is wrong
 * The board reads its part without a login, with its numbers (moves/board-routes.ts).
 */
import { Hono } from 'hono';
import { shopSettingsFields } from '../../../shared/fleet/order-flow';
import { HttpError } from '../http/http-error';
import { readJson } from '../http/json-body';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { changeSettings, readSettings } from './shop-settings';

const changesSchema = shopSettingsFields.partial();

export function settingsRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, staffAuth, now } = services;
  const routes = new Hono<ShopEnv>();

  routes.get('/shop-settings', staffAuth.require('counter', 'operator'), async (c) =>
    c.json({ settings: await readSettings(db) }),
  );

  routes.post('/shop-settings', staffAuth.require('operator'), async (c) => {
    const changes = await readJson(c, changesSchema);
    const principal = c.var.principal;
    const outcome = await changeSettings(db, changes, `${principal.kind}:${principal.id}`, now());
    if (outcome.kind === 'invalid') throw new HttpError(400, 'invalid-body', outcome.message);
    return c.json({ settings: outcome.settings });
  });

  return routes;
}
