import { memo } from 'react';
import { ShopLink } from '@/components/ui/shop-link';
import { CartIcon } from '@/components/ui/icons';
import { useCartCount } from '@/features/cart/cart-count';
import { useI18n } from '@/i18n/language-store';
import { formatNumber } from '@/i18n/count-format';
import { layoutText } from './layout.messages';

/**
 * The cart icon with a badge of the total item quantity (spec §2), in full with thousands
 * separators; the badge grows leftwards over the icon, so it stays inside the header.
 */
export const CartLink = memo(function CartLink() {
  const count = useCartCount();
  const { t, language } = useI18n();
  const shown = formatNumber(language, count);
  return (
    <ShopLink
      to="/cart"
      aria-label={t(layoutText.cart, { count })}
      className="relative grid size-12 place-items-center rounded-full text-ink hover:bg-slate-100"
    >
      <CartIcon width={26} height={26} />
      <span
        aria-hidden="true"
        className="absolute -top-0.5 -end-0.5 grid h-6 min-w-6 place-items-center rounded-full bg-brand-700 px-1.5 text-xs font-bold whitespace-nowrap text-white tabular ring-2 ring-white"
      >
        {shown}
      </span>
    </ShopLink>
  );
});
