import { CartIcon } from '@/components/ui/icons';
import { ShopLink } from '@/components/ui/shop-link';
import { useI18n } from '@/i18n/language-store';
import { cartText } from '../cart.messages';

/** 'No items in cart' (spec §2), with the way back to the catalogue. */
export function EmptyCart() {
  const { t } = useI18n();
  return (
    <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">
        <CartIcon width={32} height={32} />
      </span>
      <h1 tabIndex={-1} className="text-2xl font-bold">
        {t(cartText.empty)}
      </h1>
      <p className="text-muted">{t(cartText.emptyText)}</p>
      <ShopLink to="/products" className="btn-primary">
        {t(cartText.continueShopping)}
      </ShopLink>
    </div>
  );
}
