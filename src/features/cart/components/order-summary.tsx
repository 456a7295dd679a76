import { Money } from '@/components/ui/money';
import { useI18n } from '@/i18n/language-store';
import { cartText } from '../cart.messages';
import type { OrderTotals } from '../pricing';
import { SummaryRow } from './summary-row';

/** Original price, Savings, Store Pickup (FREE), Tax, Total — the spec's summary rows. */
export function OrderSummary({ totals }: { totals: OrderTotals }) {
  const { t } = useI18n();
  return (
    <dl>
      <SummaryRow label={t(cartText.originalPrice)}>
        <Money cents={totals.subtotal} />
      </SummaryRow>
      <SummaryRow label={t(cartText.savings)}>
        <span className="text-emerald-800">
          <Money cents={totals.savings} saving />
        </span>
      </SummaryRow>
      <SummaryRow label={t(cartText.pickup)}>
        <span className="font-semibold text-emerald-800">{t(cartText.free)}</span>
      </SummaryRow>
      <SummaryRow label={t(cartText.tax)}>
        <Money cents={totals.tax} />
      </SummaryRow>
      <SummaryRow label={t(cartText.total)} emphasis>
        <Money cents={totals.total} />
      </SummaryRow>
    </dl>
  );
}
