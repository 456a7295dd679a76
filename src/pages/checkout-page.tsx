import { CheckoutScreen } from '@/features/checkout/public';

/** /checkout (spec §2). */
export function CheckoutPage() {
  return <CheckoutScreen />;
}
