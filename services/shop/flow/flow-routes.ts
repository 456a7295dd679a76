/**
 * How orders flow through the shop (flow-reads.ts):
 *   GET /metrics      (operator login or token) → 200 Prometheus text (flow-metrics.ts)
 *   GET /orders/flow  (counter, operator)       → 200 {flow} (the console's panel)
 * Prometheus scrapes /metrics with an operator-issued token (`authorization:` in its scrape
 * config): the figures are the shop's trade, not for anyone on the network.
 */
import { Hono } from 'hono';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { flowMetrics, METRICS_CONTENT_TYPE } from './flow-metrics';
import { readFlow } from './flow-reads';

export function flowRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, staffAuth, now } = services;
  const routes = new Hono<ShopEnv>();

  routes.get('/metrics', staffAuth.require('operator'), async (c) =>
    c.body(flowMetrics(await readFlow(db, now())), 200, {
      'Content-Type': METRICS_CONTENT_TYPE,
    }),
  );

  routes.get('/orders/flow', staffAuth.require('counter', 'operator'), async (c) =>
    c.json({ flow: await readFlow(db, now()) }),
  );

  return routes;
}
