import { ShopLink } from '@/components/ui/shop-link';
import { StoreIcon } from '@/components/ui/icons';
import { Money } from '@/components/ui/money';
import { SummaryRow } from '@/features/cart/components/summary-row';
import { lineTotal, orderTotals } from '@/features/cart/pricing';
import { useCartStore } from '@/features/cart/store/cart-store';
import { LastReceiptNote } from '@/features/checkout/components/last-receipt-note';
import { ThankYou } from '@/features/checkout/components/thank-you';
import { useConfirmPurchase } from '@/features/checkout/use-confirm-purchase';
import { PageTitle } from './page-title';

export function CheckoutPage() {
  const cart = useCartStore((state) => state.cart);
  const subtotalCents = useCartStore((state) => state.subtotalCents);
  const savingsCents = useCartStore((state) => state.savingsCents);
  const { receipt, confirm } = useConfirmPurchase();

  if (receipt) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <PageTitle title="Thank you" />
        <ThankYou receipt={receipt}>
          <ShopLink to="/products" className="btn-primary min-h-12 px-8 text-lg">
            Keep Shoping
          </ShopLink>
        </ThankYou>
      </div>
    );
  }

  const totals = orderTotals(subtotalCents, savingsCents);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle title="Checkout" />
      <h1 className="text-3xl font-bold sm:text-4xl">Checkout</h1>
      {cart.length === 0 ? (
        <div className="card mt-8 flex flex-col items-center gap-4 p-10 text-center">
          <p className="text-lg">Your cart is empty.</p>
          <LastReceiptNote />
          <ShopLink to="/products" className="btn-primary">
            Keep Shoping
          </ShopLink>
        </div>
      ) : (
        <div className="card mt-8 p-6">
          <h2 className="text-xl font-bold">Your order</h2>
          <ul className="mt-4 divide-y divide-slate-200">
            {cart.map((line) => (
              <li key={line.productId} className="flex items-baseline justify-between gap-4 py-3">
                <span className="min-w-0">
                  <span className="font-medium">{line.productData.title}</span>
                  <span className="block text-sm text-muted tabular">Qty {line.quantity}</span>
                </span>
                <Money cents={lineTotal(line)} className="font-semibold" />
              </li>
            ))}
          </ul>
          <dl className="mt-4 border-t border-slate-200 pt-2">
            <SummaryRow label="Savings">
              -<Money cents={totals.savings} />
            </SummaryRow>
            <SummaryRow label="Store Pickup">FREE</SummaryRow>
            <SummaryRow label="Total (incl. tax)" emphasis>
              <Money cents={totals.total} />
            </SummaryRow>
          </dl>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <ShopLink to="/products" className="btn-secondary">
              Keep Shoping
            </ShopLink>
            <button type="button" className="btn-primary min-h-12 px-8 text-lg" onClick={confirm}>
              <StoreIcon width={22} height={22} />
              Confirm Purchase !
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
