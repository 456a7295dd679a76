/**
 * The shop's orders at a glance: orders in the last hour, how long confirm to ready and ready
 * to handover took (half of the orders within p50, nine in ten within p90), and what waits
 * now, the oldest unready order's wait beside it.
 */
import type { ServiceClient } from '../service/service-client';
import { spanText, useOrderFlow } from './order-flow';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export function OrderFlowPanel({ client }: { client: ServiceClient | null }) {
  const shown = useOrderFlow(client);
  if (shown.kind === 'loading') return null;
  if (shown.kind === 'unknown') {
    return <p className="text-muted">How orders flow is not known ({shown.why}).</p>;
  }
  const { flow } = shown;
  const unready = flow.waiting.new + flow.waiting.picking;
  return (
    <section aria-labelledby="order-flow-title" className="card flex flex-col gap-3 p-5">
      <h2 id="order-flow-title" className="text-lg font-bold">
        Order flow
      </h2>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
        <Figure label="In the last hour" value={String(flow.ordersInWindow)} />
        <Figure
          label="Confirm to ready, p50 / p90"
          value={`${spanText(flow.confirmToReady.p50Ms)} / ${spanText(flow.confirmToReady.p90Ms)}`}
        />
        <Figure
          label="Ready to handover, p50 / p90"
          value={`${spanText(flow.readyToHandover.p50Ms)} / ${spanText(flow.readyToHandover.p90Ms)}`}
        />
        <Figure label="Waiting to be picked" value={String(unready)} />
        <Figure
          label="Oldest waiting"
          value={unready === 0 ? 'none' : spanText(flow.oldestUnreadyMs)}
        />
        <Figure label="Ready, not collected" value={String(flow.waiting.ready)} />
      </dl>
    </section>
  );
}
