import { useLayoutEffect, useRef } from 'react';
import { announce } from '@web-shared/ui/announcer';
import { PageTitle } from '@/components/ui/page-title';
import { ShopLink } from '@/components/ui/shop-link';
import { useKnownProducts } from '@/features/catalogue/public';
import { useI18n } from '@/i18n/language-store';
import { totalQuantity, type CartLine } from './cart-rules';
import { cartText } from './cart.messages';
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
  const { t } = useI18n();
  const screen = useRef<HTMLDivElement>(null);
  /** The removed line's place: the focus goes to the line that takes it. */
  const removedAt = useRef<number | null>(null);
  // The Remove button pressed has gone with its line: the focus moves to the next line's
  // Remove (or the last one's), or to 'No items in cart', never to the page itself.
  useLayoutEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const removes = screen.current?.querySelectorAll<HTMLElement>('[data-cart-remove]') ?? [];
    const next = removes[Math.min(index, removes.length - 1)];
    (next ?? screen.current?.querySelector<HTMLElement>('h1'))?.focus();
  }, [cart]);

  if (cart.length === 0) {
    return (
      <div ref={screen} className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <PageTitle title={t(cartText.title)} />
        <EmptyCart />
        <Suggestions products={suggestions} onAdd={addOne} />
      </div>
    );
  }

  const itemsInCart = () =>
    t(cartText.itemsInCart, { count: totalQuantity(useCartStore.getState().cart) });
  const changeQuantity = (line: CartLine, quantity: number) => {
    setQuantity(line.productId, quantity);
    announce(
      t(cartText.quantityChanged, {
        title: line.productData.title,
        quantity,
        cart: itemsInCart(),
      }),
    );
  };
  const remove = (line: CartLine) => {
    removedAt.current = cart.indexOf(line);
    removeFromCart(line.productId);
    announce(t(cartText.removed, { title: line.productData.title, cart: itemsInCart() }));
  };

  // The summary and its main action come first on phones and portrait screens, so they
  // are in reach without scrolling past the items; a wide landscape screen puts them in a
  // column of their own beside the items.
  return (
    <div ref={screen} className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle title={t(cartText.title)} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t(cartText.heading)}</h1>
      <div className="mt-8 grid grid-cols-1 gap-8 landscape:lg:grid-cols-[minmax(0,1fr)_24rem] landscape:lg:items-start landscape:lg:gap-10">
        <div className="flex min-w-0 flex-col gap-6 landscape:lg:sticky landscape:lg:top-24 landscape:lg:order-2">
          <section aria-labelledby="summary-heading" className="card p-6">
            <h2 id="summary-heading" className="mb-2 text-xl font-bold">
              {t(cartText.summary)}
            </h2>
            <OrderSummary totals={orderTotals(subtotalCents, savingsCents)} />
            <div className="mt-6 flex flex-col gap-3">
              <ShopLink to="/checkout" className="btn-primary min-h-12 w-full text-lg">
                {t(cartText.proceed)}
              </ShopLink>
              <ShopLink to="/products" className="btn-secondary w-full">
                {t(cartText.continueShopping)}
              </ShopLink>
            </div>
          </section>
          <section aria-label={t(cartText.voucherSection)} className="card p-6">
            <VoucherForm onApply={applyVoucher} />
          </section>
        </div>
        <section aria-label={t(cartText.items)} className="min-w-0 landscape:lg:order-1">
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
