/**
 * The flow's figures in Prometheus' text format, for the service's own /metrics: Prometheus
 * scrapes each shop's service, which has the database, rather than the fleet exporter
 * asking it (the exporter knows the broker, not the shops). A scrape config gives each
 * target its `shop` label (docs/fleet/operator-guide.md). Times are in seconds, as
 * Prometheus has them; a percentile over no orders is NaN, as a summary's is.
 */
import type { FlowSummary, SpanFigures } from '../../../shared/fleet/order-flow';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const seconds = (ms: number | null): string => (ms === null ? 'NaN' : String(ms / 1000));

function family(
  name: string,
  type: 'gauge' | 'counter',
  help: string,
  samples: string[],
): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples];
}

function span(name: string, help: string, figures: SpanFigures, windowText: string): string[] {
  return [
    ...family(name, 'gauge', `${help}, over the orders that got there in the ${windowText}.`, [
      `${name}{quantile="0.5"} ${seconds(figures.p50Ms)}`,
      `${name}{quantile="0.9"} ${seconds(figures.p90Ms)}`,
    ]),
    ...family(`${name}_orders`, 'gauge', `Orders ${name} is measured over.`, [
      `${name}_orders ${figures.count}`,
    ]),
  ];
}

export function flowMetrics(summary: FlowSummary): string {
  const minutes = Math.round(summary.windowMs / 60_000);
  const windowText = minutes === 60 ? 'last hour' : `last ${minutes} minutes`;
  const lines = [
    ...family('kiosk_shop_orders_total', 'counter', 'Orders the shop service has received.', [
      `kiosk_shop_orders_total ${summary.ordersTotal}`,
    ]),
    ...family('kiosk_shop_orders_last_hour', 'gauge', `Orders received in the ${windowText}.`, [
      `kiosk_shop_orders_last_hour ${summary.ordersInWindow}`,
    ]),
    ...span(
      'kiosk_shop_order_confirm_to_ready_seconds',
      "Time from a shopper's confirm to the order ready",
      summary.confirmToReady,
      windowText,
    ),
    ...span(
      'kiosk_shop_order_ready_to_handover_seconds',
      'Time from an order ready to its handover',
      summary.readyToHandover,
      windowText,
    ),
    ...family(
      'kiosk_shop_orders_open',
      'gauge',
      'Orders not yet handed over or cancelled, by state.',
      (['new', 'picking', 'ready'] as const).map(
        (state) => `kiosk_shop_orders_open{state="${state}"} ${summary.waiting[state]}`,
      ),
    ),
    ...family(
      'kiosk_shop_order_oldest_unready_seconds',
      'gauge',
      "How long the oldest order not yet ready has waited since its shopper's confirm; 0 when none waits.",
      [`kiosk_shop_order_oldest_unready_seconds ${seconds(summary.oldestUnreadyMs)}`],
    ),
  ];
  return `${lines.join('\n')}\n`;
}
