import { useReceiptOnScreen } from '@/features/checkout/public';
import { KioskBehaviours, type KioskBehavioursProps } from '@/features/kiosk/kiosk-behaviours';
import { CART_REPORT } from './cart-report';

/**
 * The kiosk's behaviours with the cart's report for speech and whether a receipt is on
 * screen (what the kiosk reports as its screen): one lazy chunk, so the web build, which
 * has no kiosk behaviours, carries none of it.
 */
export function KioskWithCart(props: KioskBehavioursProps) {
  const receiptOnScreen = useReceiptOnScreen();
  return <KioskBehaviours cart={CART_REPORT} receiptOnScreen={receiptOnScreen} {...props} />;
}
