import { CartScreen } from '@/features/cart/public';

/** /cart (spec §2). */
export function CartPage() {
  return <CartScreen />;
}
