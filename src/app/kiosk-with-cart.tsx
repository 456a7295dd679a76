import { KioskBehaviours, type KioskBehavioursProps } from '@/features/kiosk/kiosk-behaviours';
import { CART_REPORT } from './cart-report';

/**
 * The kiosk's behaviours with the cart's report for speech: one lazy chunk, so the web
 * build, which has no kiosk behaviours, carries neither.
 */
export function KioskWithCart(props: KioskBehavioursProps) {
  return <KioskBehaviours cart={CART_REPORT} {...props} />;
}
