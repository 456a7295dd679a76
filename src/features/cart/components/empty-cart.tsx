import { CartIcon } from '@/components/ui/icons';
import { ShopLink } from '@/components/ui/shop-link';

/** 'No items in cart' (spec §2), with the way back to the catalogue. */
export function EmptyCart() {
  return (
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
  );
}
