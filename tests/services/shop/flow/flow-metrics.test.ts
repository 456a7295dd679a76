/** The flow's figures as Prometheus text: seconds, NaN for no orders, one HELP and TYPE each. */
import { describe, expect, it } from 'vitest';
import { flowMetrics } from '../../../../services/shop/flow/flow-metrics';

describe('the flow’s metrics', () => {
  it('writes each figure once, in seconds', () => {
    const text = flowMetrics({
      windowMs: 3_600_000,
      now: 1,
      ordersInWindow: 12,
      ordersTotal: 340,
      confirmToReady: { count: 10, p50Ms: 240_500, p90Ms: 600_000 },
      readyToHandover: { count: 0, p50Ms: null, p90Ms: null },
      waiting: { new: 2, picking: 1, ready: 4 },
      oldestUnreadyMs: 90_250,
    });
    const samples = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(samples).toEqual([
      'kiosk_shop_orders_total 340',
      'kiosk_shop_orders_last_hour 12',
      'kiosk_shop_order_confirm_to_ready_seconds{quantile="0.5"} 240.5',
      'kiosk_shop_order_confirm_to_ready_seconds{quantile="0.9"} 600',
      'kiosk_shop_order_confirm_to_ready_seconds_orders 10',
      'kiosk_shop_order_ready_to_handover_seconds{quantile="0.5"} NaN',
      'kiosk_shop_order_ready_to_handover_seconds{quantile="0.9"} NaN',
      'kiosk_shop_order_ready_to_handover_seconds_orders 0',
      'kiosk_shop_orders_open{state="new"} 2',
      'kiosk_shop_orders_open{state="picking"} 1',
      'kiosk_shop_orders_open{state="ready"} 4',
      'kiosk_shop_order_oldest_unready_seconds 90.25',
    ]);
    const types = text.split('\n').filter((line) => line.startsWith('# TYPE'));
    expect(types).toHaveLength(8);
    expect(new Set(types).size).toBe(8);
    expect(text).toContain('# TYPE kiosk_shop_orders_total counter');
    expect(text.endsWith('\n')).toBe(true);
  });
});
