import { PageTitle } from '@/components/ui/page-title';
import { ShopLink } from '@/components/ui/shop-link';
import { useCartStore } from '@/features/cart/public';
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
        <OrderReview cart={cart} onConfirm={confirm} />
      )}
    </div>
  );
}
