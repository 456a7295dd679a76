/**
 * GET /health → 200 {status: "ok", database: "pglite" | "postgresql", schema} when the
 * database answers, 503 {status: "unavailable", …} when it does not. No login: a load
 * balancer or Patroni's neighbour asks it.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { ShopEnv, ShopServices } from './shop-env';

export function healthRoute(services: ShopServices): Hono<ShopEnv> {
  const routes = new Hono<ShopEnv>();
  routes.get('/health', async (c) => {
    const base = { database: services.engine, schema: services.schema };
    try {
      await sql`select 1`.execute(services.db);
      return c.json({ status: 'ok', ...base });
    } catch {
      return c.json(
        { status: 'unavailable', ...base, message: 'The database does not answer.' },
        503,
      );
    }
  });
  return routes;
}
