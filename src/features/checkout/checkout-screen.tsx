import { PageTitle } from '@/components/ui/page-title';
import { ShopLink } from '@/components/ui/shop-link';
import { useCartStore } from '@/features/cart/public';
import { useI18n } from '@/i18n/language-store';
import { checkoutText } from './checkout.messages';
import { LastReceiptNote } from './components/last-receipt-note';
import { OrderReview } from './components/order-review';
import { ThankYou } from './components/thank-you';
import { useConfirmPurchase } from './use-confirm-purchase';

/**
 * The checkout screen (spec §2, /checkout): the order to confirm, or once confirmed the
 * thank-you state with the receipt; an empty cart points back to the catalogue.
 */
export function CheckoutScreen() {
  const cart = useCartStore((state) => state.cart);
  const { receipt, confirm } = useConfirmPurchase();
  const { t } = useI18n();

  if (receipt) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <PageTitle title={t(checkoutText.thanksTitle)} />
        <ThankYou receipt={receipt}>
          <ShopLink to="/products" className="btn-primary min-h-12 px-8 text-lg">
            {t(checkoutText.keepShopping)}
          </ShopLink>
        </ThankYou>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle title={t(checkoutText.title)} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t(checkoutText.heading)}</h1>
      {cart.length === 0 ? (
        <div className="card mt-8 flex flex-col items-center gap-4 p-10 text-center">
          <p className="text-lg">{t(checkoutText.emptyCart)}</p>
          <LastReceiptNote />
          <ShopLink to="/products" className="btn-primary">
            {t(checkoutText.keepShopping)}
          </ShopLink>
        </div>
      ) : (
        <OrderReview cart={cart} onConfirm={confirm} />
      )}
    </div>
  );
}
