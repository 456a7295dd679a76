/**
 * The flow's routes on the real service (PGlite, the service's own clock moved by the test):
 * /metrics gives Prometheus the figures of the orders as staff moved them, for an operator's
 * token only; /orders/flow gives the console the same as JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowSummarySchema } from '../../../../shared/fleet/order-flow';
import { METRICS_CONTENT_TYPE } from '../../../../services/shop/flow/flow-metrics';
import { issueToken } from '../../../../services/shop/staff/tokens';
import { orderFrom, placeOrder, sendMove } from '../support/orders';
import {
  addLogin,
  loginCookie,
  makeWorld,
  openShop,
  type TestKiosk,
  type TestShop,
} from '../support/shop-world';

const MIN = 60_000;
const world = makeWorld(1);
const kiosk = world.kiosks[0] as TestKiosk;
let shop: TestShop;
let clock = Date.now();
let sam = '';
let operatorToken = '';
let counterToken = '';

beforeAll(async () => {
  shop = await openShop(world, { engine: 'pglite', dataDir: null }, () => clock);
  await addLogin(shop.services, 'sam', 'counter', 'Sam');
  sam = await loginCookie(shop.app, 'sam');
  operatorToken = (
    await issueToken(
      shop.services.db,
      { name: 'Prometheus', role: 'operator', expiresAt: null },
      clock,
    )
  ).token;
  counterToken = (
    await issueToken(
      shop.services.db,
      { name: 'Counter PC', role: 'counter', expiresAt: null },
      clock,
    )
  ).token;
}, 120_000);
afterAll(() => shop.close());

const scrape = (token: string) =>
  shop.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });

function sample(text: string, series: string): string | undefined {
  const line = text.split('\n').find((one) => one.startsWith(`${series} `));
  return line?.slice(series.length + 1);
}

describe('the flow', () => {
  it('is measured from the moves staff make, and given to Prometheus', async () => {
    const start = clock;
    const fast = orderFrom(kiosk, { at: start });
    const slow = orderFrom(kiosk, { at: start });
    await placeOrder(shop.app, kiosk, fast, clock);
    await placeOrder(shop.app, kiosk, slow, clock);
    clock += 2 * MIN;
    await sendMove(shop.app, sam, fast, 'take', 'new');
    await sendMove(shop.app, sam, slow, 'take', 'new');
    clock += 2 * MIN;
    await sendMove(shop.app, sam, fast, 'ready', 'picking');
    clock += MIN;
    await sendMove(shop.app, sam, fast, 'hand-over', 'ready');
    clock += 5 * MIN;
    await sendMove(shop.app, sam, slow, 'ready', 'picking');
    const waiting = orderFrom(kiosk, { at: clock });
    await placeOrder(shop.app, kiosk, waiting, clock);
    clock += 3 * MIN;

    const response = await scrape(operatorToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(METRICS_CONTENT_TYPE);
    const text = await response.text();
    const figures = Object.fromEntries(
      [
        'kiosk_shop_orders_total',
        'kiosk_shop_orders_last_hour',
        'kiosk_shop_order_confirm_to_ready_seconds{quantile="0.5"}',
        'kiosk_shop_order_confirm_to_ready_seconds{quantile="0.9"}',
        'kiosk_shop_order_confirm_to_ready_seconds_orders',
        'kiosk_shop_order_ready_to_handover_seconds{quantile="0.5"}',
        'kiosk_shop_orders_open{state="new"}',
        'kiosk_shop_orders_open{state="picking"}',
        'kiosk_shop_orders_open{state="ready"}',
        'kiosk_shop_order_oldest_unready_seconds',
      ].map((series) => [series, sample(text, series)]),
    );
    expect(figures).toEqual({
      kiosk_shop_orders_total: '3',
      kiosk_shop_orders_last_hour: '3',
      'kiosk_shop_order_confirm_to_ready_seconds{quantile="0.5"}': '240',
      'kiosk_shop_order_confirm_to_ready_seconds{quantile="0.9"}': '600',
      kiosk_shop_order_confirm_to_ready_seconds_orders: '2',
      'kiosk_shop_order_ready_to_handover_seconds{quantile="0.5"}': '60',
      'kiosk_shop_orders_open{state="new"}': '1',
      'kiosk_shop_orders_open{state="picking"}': '0',
      'kiosk_shop_orders_open{state="ready"}': '1',
      kiosk_shop_order_oldest_unready_seconds: '180',
    });

    const flow = await shop.app.request('/orders/flow', { headers: { cookie: sam } });
    expect(flow.status).toBe(200);
    const summary = flowSummarySchema.parse(((await flow.json()) as { flow: unknown }).flow);
    expect(summary).toMatchObject({
      ordersInWindow: 3,
      confirmToReady: { count: 2, p50Ms: 4 * MIN, p90Ms: 10 * MIN },
      readyToHandover: { count: 1, p50Ms: MIN, p90Ms: MIN },
      waiting: { new: 1, picking: 0, ready: 1 },
      oldestUnreadyMs: 3 * MIN,
    });

    // An hour on, the spans have left the window; the orders are still counted in all.
    clock += 61 * MIN;
    const later = await (await scrape(operatorToken)).text();
    expect(sample(later, 'kiosk_shop_orders_last_hour')).toBe('0');
    expect(sample(later, 'kiosk_shop_orders_total')).toBe('3');
    expect(sample(later, 'kiosk_shop_order_confirm_to_ready_seconds{quantile="0.5"}')).toBe('NaN');
    expect(sample(later, 'kiosk_shop_order_oldest_unready_seconds')).toBe(String(64 * 60));
  });

  it('is the shop’s trade: /metrics for an operator only, the summary for staff', async () => {
    expect((await shop.app.request('/metrics')).status).toBe(401);
    expect((await scrape(counterToken)).status).toBe(403);
    expect((await shop.app.request('/metrics', { headers: { cookie: sam } })).status).toBe(403);
    expect((await shop.app.request('/orders/flow')).status).toBe(401);
    const byToken = await shop.app.request('/orders/flow', {
      headers: { authorization: `Bearer ${counterToken}` },
    });
    expect(byToken.status).toBe(200);
  });
});
