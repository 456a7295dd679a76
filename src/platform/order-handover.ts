import type { KioskActivityBridge, OrderToSend } from '@shared/bridge';
import type { PageBridge } from './capabilities';

/**
 * Hands a confirmed order to the kiosk's main process, which sends it to the shop service
 * when the kiosk has one, in the background. Once, and never waited for: the page goes on
 * to the thank-you screen whatever happens to it.
 *
 * Only the Electron preload offers `sendOrder`. The web build has no bridge at all
 * (detectCapabilities gives it none), so there, as spec §1 and §7 say, confirming sends
 * no order anywhere. A bridge that throws costs the order, never the shopper's screen.
 */
export function handOverOrder(bridge: PageBridge | null, order: OrderToSend): void {
  const send = (bridge as Partial<KioskActivityBridge> | null)?.sendOrder;
  if (typeof send !== 'function') return;
  try {
    send(order);
  } catch {
    // Main never got it; the receipt on screen is what the counter goes by.
  }
}
