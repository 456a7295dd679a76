/**
 * Handed over twice, for staff and the operator (counter and operator logins or tokens):
 *   GET  /conflicts?open=1&limit=N  → 200 {conflicts}, newest first (open=0: dismissed too)
 *   POST /conflicts/:id/dismiss     → 200 {conflict}, marked dismissed by the caller; 404
 */
import { Hono } from 'hono';
import { HttpError } from '../http/http-error';
import { flagOf, limitOf } from '../http/query';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { dismissConflict, listConflicts } from './conflict-store';

export function conflictRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, staffAuth, now } = services;
  const routes = new Hono<ShopEnv>();
  routes.use('/conflicts', staffAuth.require('counter', 'operator'));
  routes.use('/conflicts/*', staffAuth.require('counter', 'operator'));

  routes.get('/conflicts', async (c) => {
    const open = flagOf('open', c.req.query('open'), true);
    const conflicts = await listConflicts(db, { open, limit: limitOf(c.req.query('limit')) });
    return c.json({ conflicts });
  });

  routes.post('/conflicts/:id/dismiss', async (c) => {
    const raw = c.req.param('id');
    if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw new HttpError(400, 'invalid-path', 'A conflict id.');
    const principal = c.var.principal;
    const conflict = await dismissConflict(
      db,
      Number(raw),
      `${principal.kind}:${principal.id}`,
      now(),
    );
    if (!conflict) throw new HttpError(404, 'not-found', 'No such conflict.');
    return c.json({ conflict });
  });

  return routes;
}
