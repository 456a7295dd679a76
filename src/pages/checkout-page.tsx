import { useState } from 'react';
import { Link } from 'react-router';
import { CheckIcon, StoreIcon } from '@/components/ui/icons';
import { Money } from '@/components/ui/money';
import { SummaryRow } from '@/features/cart/components/summary-row';
import { lineTotal, orderTotals } from '@/features/cart/pricing';
import { useShopStore } from '@/features/cart/store/shop-store';
import { lastReceipt, rememberReceipt } from '@/features/checkout/last-receipt';
import { createReceiptId } from '@/features/checkout/receipt';
import { PageTitle } from './page-title';

function ThankYou({ receiptId }: { receiptId: string }) {
  return (
    <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-800">
        <CheckIcon width={34} height={34} />
      </span>
      <h1 className="text-3xl font-bold">Thank you for your purchase!</h1>
      <p className="text-muted">Show this receipt at the pickup counter to collect your order.</p>
      <p className="rounded-xl bg-tile px-5 py-3 font-mono text-lg font-semibold break-all">
        {receiptId}
      </p>
      <Link to="/products" className="btn-primary mt-2">
        Keep Shoping
      </Link>
    </div>
  );
}

/** After a reload of the thank-you page the receipt number must still be findable. */
function LastReceiptNote() {
  const [receipt] = useState(lastReceipt);
  if (!receipt) return null;
  return (
    <p className="text-muted">
      Your last receipt: <span className="font-mono font-semibold text-ink">{receipt}</span>
    </p>
  );
}

export function CheckoutPage() {
  const cart = useShopStore((state) => state.cart);
  const subtotalCents = useShopStore((state) => state.subtotalCents);
  const savingsCents = useShopStore((state) => state.savingsCents);
  const clearCart = useShopStore((state) => state.clearCart);
  const [receiptId, setReceiptId] = useState<string | null>(null);

  if (receiptId) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <PageTitle title="Thank you" />
        <ThankYou receiptId={receiptId} />
      </div>
    );
  }

  const totals = orderTotals(subtotalCents, savingsCents);
  const confirm = () => {
    // Spec §4: no order is sent anywhere; the cart is cleared and a receipt id is made.
    const id = createReceiptId();
    rememberReceipt(id);
    clearCart();
    setReceiptId(id);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle title="Checkout" />
      <h1 className="text-3xl font-bold sm:text-4xl">Checkout</h1>
      {cart.length === 0 ? (
        <div className="card mt-8 flex flex-col items-center gap-4 p-10 text-center">
          <p className="text-lg">Your cart is empty.</p>
          <LastReceiptNote />
          <Link to="/products" className="btn-primary">
            Keep Shoping
          </Link>
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
            <Link to="/products" className="btn-secondary">
              Keep Shoping
            </Link>
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
