import { Money } from '@web-shared/ui/money';
import type { OrderTotals } from '../pricing';
import { SummaryRow } from './summary-row';

/** Original price, Savings, Store Pickup (FREE), Tax, Total — the spec's summary rows. */
export function OrderSummary({ totals }: { totals: OrderTotals }) {
  return (
    <dl>
      <SummaryRow label="Original price">
        <Money cents={totals.subtotal} />
      </SummaryRow>
      <SummaryRow label="Savings">
        <span className="text-emerald-800">
          -<Money cents={totals.savings} />
        </span>
      </SummaryRow>
      <SummaryRow label="Store Pickup">
        <span className="font-semibold text-emerald-800">FREE</span>
      </SummaryRow>
      <SummaryRow label="Tax">
        <Money cents={totals.tax} />
      </SummaryRow>
      <SummaryRow label="Total" emphasis>
        <Money cents={totals.total} />
      </SummaryRow>
    </dl>
  );
}
