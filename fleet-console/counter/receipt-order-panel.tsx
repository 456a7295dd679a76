/**
 * What the stockroom has done with a scanned receipt's order: its collection number, its
 * state in large words (Ready, Being picked, Cancelled: why) and its lines with their
 * pictures, as the pick screen shows them, so the counter knows whether to hand over, to
 * wait, or to explain, and sees at a glance the goods it hands over.
 */
import type { ServiceClient } from '../service/service-client';
import { LinePicture } from '../ui/line-picture';
import { stateWords, useReceiptOrder } from './receipt-order';

const STATE_STYLES = {
  new: 'bg-slate-100 text-ink',
  picking: 'bg-amber-100 text-amber-950',
  ready: 'bg-emerald-100 text-emerald-900',
  'handed-over': 'bg-slate-100 text-ink',
  cancelled: 'bg-sale-50 text-sale-700',
} as const;

export function ReceiptOrderPanel({
  client,
  kioskId,
  receiptId,
}: {
  client: ServiceClient | null;
  kioskId: string;
  receiptId: string;
}) {
  const shown = useReceiptOrder(client, kioskId, receiptId);
  if (shown.kind === 'loading') return null;
  if (shown.kind === 'none') {
    return <p className="text-muted">The shop service has no order for this receipt.</p>;
  }
  if (shown.kind === 'unknown') {
    return <p className="text-muted">The order’s state is not known ({shown.why}).</p>;
  }
  const { order } = shown;
  return (
    <section aria-label="Order" className="card flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold">Order {order.collectionNumber ?? ''}</h2>
        <p className={`rounded-lg px-3 py-1 text-xl font-bold ${STATE_STYLES[order.state]}`}>
          {stateWords(order)}
        </p>
      </div>
      <ul className="flex flex-col gap-1">
        {order.lines.map((line) => (
          <li key={line.productId} className="flex items-center gap-3 text-lg">
            <LinePicture image={line.image} title={line.title} size="small" />
            <span className="min-w-0 flex-1">{line.title}</span>
            <span className="tabular font-bold">× {line.quantity}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
