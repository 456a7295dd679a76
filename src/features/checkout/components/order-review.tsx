import { StoreIcon } from '@/components/ui/icons';
import { Money } from '@/components/ui/money';
import { ShopLink } from '@/components/ui/shop-link';
import {
  lineTotal,
  orderTotals,
  SummaryRow,
  useCartStore,
  type CartLine,
} from '@/features/cart/public';
import { useI18n } from '@/i18n/language-store';
import { checkoutText } from '../checkout.messages';

/**
 * The order before it is confirmed (spec §2): read-only lines with quantity and line
 * total, savings, pickup and the total including tax, and 'Confirm Purchase !'.
 */
export function OrderReview({ cart, onConfirm }: { cart: CartLine[]; onConfirm: () => void }) {
  const subtotalCents = useCartStore((state) => state.subtotalCents);
  const savingsCents = useCartStore((state) => state.savingsCents);
  const totals = orderTotals(subtotalCents, savingsCents);
  const { t } = useI18n();
  return (
    <div className="card mt-8 p-6">
      <h2 className="text-xl font-bold">{t(checkoutText.yourOrder)}</h2>
      <ul className="mt-4 divide-y divide-slate-200">
        {cart.map((line) => (
          <li key={line.productId} className="flex items-baseline justify-between gap-4 py-3">
            <span className="min-w-0">
              <bdi className="font-medium">{line.productData.title}</bdi>
              <span className="block text-sm text-muted tabular">
                {t(checkoutText.quantity, { quantity: line.quantity })}
              </span>
            </span>
            <Money cents={lineTotal(line)} className="font-semibold" />
          </li>
        ))}
      </ul>
      <dl className="mt-4 border-t border-slate-200 pt-2">
        <SummaryRow label={t(checkoutText.savings)}>
          <Money cents={totals.savings} saving />
        </SummaryRow>
        <SummaryRow label={t(checkoutText.pickup)}>{t(checkoutText.free)}</SummaryRow>
        <SummaryRow label={t(checkoutText.totalWithTax)} emphasis>
          <Money cents={totals.total} />
        </SummaryRow>
      </dl>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <ShopLink to="/products" className="btn-secondary">
          {t(checkoutText.keepShopping)}
        </ShopLink>
        <button type="button" className="btn-primary min-h-12 px-8 text-lg" onClick={onConfirm}>
          <StoreIcon width={22} height={22} />
          {t(checkoutText.confirm)}
        </button>
      </div>
    </div>
  );
}
