import { ShopLink } from '@/components/ui/shop-link';
import { announce } from '@/components/ui/announcer';
import { CartIcon } from '@/components/ui/icons';
import { CartLineItem } from '@/features/cart/components/cart-line-item';
import { OrderSummary } from '@/features/cart/components/order-summary';
import { Suggestions } from '@/features/cart/components/suggestions';
import { VoucherForm } from '@/features/cart/components/voucher-form';
import { describeItems, totalQuantity, type CartLine } from '@/features/cart/cart-rules';
import { orderTotals } from '@/features/cart/pricing';
import { useCartStore } from '@/features/cart/store/cart-store';
import { pickSuggestions } from '@/features/cart/suggestions';
import { useKnownProducts } from '@/features/catalogue/api/products-query';
import { PageTitle } from './page-title';

export function CartPage() {
  const cart = useCartStore((state) => state.cart);
  const products = useKnownProducts();
  const subtotalCents = useCartStore((state) => state.subtotalCents);
  const savingsCents = useCartStore((state) => state.savingsCents);
  const { addToCart, setQuantity, removeFromCart, applyVoucher } = useCartStore.getState();
  const suggestions = pickSuggestions(products, cart);

  if (cart.length === 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <PageTitle title="Cart" />
        <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
          <span className="grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">
            <CartIcon width={32} height={32} />
          </span>
          <h1 className="text-2xl font-bold">No items in cart</h1>
          <p className="text-muted">Find something you like and it will wait for you here.</p>
          <ShopLink to="/products" className="btn-primary">
            Continue Shopping
          </ShopLink>
        </div>
        <Suggestions products={suggestions} onAdd={(product) => addToCart(product, 1)} />
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
      <Suggestions products={suggestions} onAdd={(product) => addToCart(product, 1)} />
    </div>
  );
}
