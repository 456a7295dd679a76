import { announce } from '@web-shared/ui/announcer';
import { PageTitle } from '@/components/ui/page-title';
import { ShopLink } from '@/components/ui/shop-link';
import { useKnownProducts } from '@/features/catalogue/public';
import { describeItems, totalQuantity, type CartLine } from './cart-rules';
import { CartLineItem } from './components/cart-line-item';
import { EmptyCart } from './components/empty-cart';
import { OrderSummary } from './components/order-summary';
import { Suggestions } from './components/suggestions';
import { VoucherForm } from './components/voucher-form';
import { orderTotals } from './pricing';
import { useCartStore } from './store/cart-store';
import { pickSuggestions } from './suggestions';
import { useAddOne } from './use-add-one';

/** The cart screen (spec §2, /cart): its lines, the order summary, a voucher, suggestions. */
export function CartScreen() {
  const cart = useCartStore((state) => state.cart);
  const products = useKnownProducts();
  const subtotalCents = useCartStore((state) => state.subtotalCents);
  const savingsCents = useCartStore((state) => state.savingsCents);
  const { setQuantity, removeFromCart, applyVoucher } = useCartStore.getState();
  const addOne = useAddOne();
  const suggestions = pickSuggestions(products, cart);

  if (cart.length === 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <PageTitle title="Cart" />
        <EmptyCart />
        <Suggestions products={suggestions} onAdd={addOne} />
      </div>
    );
  }

  const itemsInCart = () => describeItems(totalQuantity(useCartStore.getState().cart));
  const changeQuantity = (line: CartLine, quantity: number) => {
    setQuantity(line.productId, quantity);
    announce(`${line.productData.title}: quantity ${quantity}. ${itemsInCart()}`);
  };
  const remove = (line: CartLine) => {
    removeFromCart(line.productId);
    announce(`Removed ${line.productData.title}. ${itemsInCart()}`);
  };

  // The summary and its main action come first on phones and portrait screens, so they
  // are in reach without scrolling past the items; a wide landscape screen puts them in a
  // column of their own beside the items.
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle title="Cart" />
      <h1 className="text-3xl font-bold sm:text-4xl">Shopping Cart</h1>
      <div className="mt-8 grid grid-cols-1 gap-8 landscape:lg:grid-cols-[minmax(0,1fr)_24rem] landscape:lg:items-start landscape:lg:gap-10">
        <div className="flex min-w-0 flex-col gap-6 landscape:lg:sticky landscape:lg:top-24 landscape:lg:order-2">
          <section aria-labelledby="summary-heading" className="card p-6">
            <h2 id="summary-heading" className="mb-2 text-xl font-bold">
              Order summary
            </h2>
            <OrderSummary totals={orderTotals(subtotalCents, savingsCents)} />
            <div className="mt-6 flex flex-col gap-3">
              <ShopLink to="/checkout" className="btn-primary min-h-12 w-full text-lg">
                Proceed to Checkout
              </ShopLink>
              <ShopLink to="/products" className="btn-secondary w-full">
                Continue Shopping
              </ShopLink>
            </div>
          </section>
          <section aria-label="Voucher" className="card p-6">
            <VoucherForm onApply={applyVoucher} />
          </section>
        </div>
        <section aria-label="Items in your cart" className="min-w-0 landscape:lg:order-1">
          <ul className="divide-y divide-slate-200 border-y border-slate-200">
            {cart.map((line) => (
              <CartLineItem
                key={line.productId}
                line={line}
                onQuantity={(quantity) => changeQuantity(line, quantity)}
                onRemove={() => remove(line)}
              />
            ))}
          </ul>
        </section>
      </div>
      <Suggestions products={suggestions} onAdd={addOne} />
    </div>
  );
}
