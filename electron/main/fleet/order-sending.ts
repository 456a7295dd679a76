/**
 * Confirmed orders to the shop service (shopServiceUrl), wired to Electron: the page hands
 * each order over once (`sendOrder`, fire-and-forget) and the fleet agent's orders
 * (fleet-agent/orders/shop-orders.ts) keep it in `<userData>/shop-orders.json` and deliver
 * it in the background, signed with the enrolled receipt key. Only the app's own page may
 * hand one over. Without a service nothing is kept and nothing leaves the kiosk; without a
 * fleet (no receipt key, no enrolment) there is nothing to sign with, and the log says so.
 * Each order carries the collection number main gave its receipt (the shopper's screen and
 * slip show the same one), so the pick screen and the board at the counter call it by it.
 */
import { join } from 'node:path';
import type { IpcMain } from 'electron';
import { IPC_CHANNELS } from '../../../shared/bridge';
import type { BackoffOptions } from '../../../shared/fleet/backoff';
import { OUTBOX_FILE } from '../../../fleet-agent/orders/order-outbox';
import { createShopOrders, type ShopOrders } from '../../../fleet-agent/orders/shop-orders';
import type { KioskConfig } from '../../../shared/kiosk-config/config-keys';
import { isTrustedSender } from '../ipc-sender';
import type { Logger } from '../logging/logging';
import type { FleetIdentityParts } from './fleet-identity';

/** Stand-ins a test gives for the network and the clock. */
export interface OrderSendingSeams {
  fetch?: typeof fetch;
  now?: () => number;
  backoff?: BackoffOptions;
  random?: () => number;
}

export interface OrderSendingOptions {
  ipcMain: Pick<IpcMain, 'on'>;
  config: Pick<KioskConfig, 'shopServiceUrl' | 'catalogueUrl'>;
  identity: Pick<FleetIdentityParts, 'enrolment' | 'requestCredentials'>;
  /** `<userData>`, or null when it cannot be written: the outbox is then in memory only. */
  userDataDir: string | null;
  log: Logger;
  /** Main's collection number for a receipt (collection/collection-numbers.ts `issue`). */
  collectionNumber?: (receiptId: string) => string;
  seams?: OrderSendingSeams;
}

/** Listens for the page's orders; the orders on their way, or null when none are sent. */
export function setupOrderSending(options: OrderSendingOptions): ShopOrders | null {
  const { ipcMain, identity, log } = options;
  const orders = shopOrders(options);
  let strangerLogged = false;
  ipcMain.on(IPC_CHANNELS.sendOrder, (event, request: unknown) => {
    if (!isTrustedSender(event)) {
      if (!strangerLogged) {
        log.warn(
          `IPC: rejected ${IPC_CHANNELS.sendOrder} from ${event.senderFrame?.url ?? 'a gone frame'}`,
        );
      }
      strangerLogged = true;
      return;
    }
    orders?.submit(request).catch((error: unknown) => {
      log.error(`Orders: an order could not be kept (${String(error)})`);
    });
  });
  // Enrolled (again): orders that waited for a certificate can be signed now.
  if (orders) identity.enrolment?.onChange(() => orders.retryNow());
  return orders;
}

/** The receipt's number, or null when none can be given: the order then goes without one. */
function numberOrNull(
  issue: (receiptId: string) => string,
  log: Logger,
): (receiptId: string) => string | null {
  return (receiptId) => {
    try {
      return issue(receiptId);
    } catch (error) {
      log.error(
        `Orders: no collection number for ${receiptId} (${error instanceof Error ? error.message : String(error)}); sent without one`,
      );
      return null;
    }
  };
}

function shopOrders({
  config,
  identity,
  userDataDir,
  log,
  collectionNumber,
  seams = {},
}: OrderSendingOptions): ShopOrders | null {
  const serviceUrl = config.shopServiceUrl;
  if (serviceUrl === '') return null;
  const credentials = identity.requestCredentials;
  if (credentials === null) {
    log.warn(
      `Orders: shopServiceUrl is ${serviceUrl}, but this kiosk has no fleet identity to sign orders with (fleet.brokerUrl, a receipt key, an enrolment); no order is sent`,
    );
    return null;
  }
  log.info(`Orders: each confirmed order goes to the shop service at ${serviceUrl}`);
  return createShopOrders({
    serviceUrl,
    credentials,
    ...(identity.enrolment ? { ready: identity.enrolment.ready } : {}),
    outboxPath: userDataDir === null ? null : join(userDataDir, OUTBOX_FILE),
    log,
    ...(collectionNumber ? { collectionNumber: numberOrNull(collectionNumber, log) } : {}),
    // No catalogue host: the embedded demo catalogue (catalogue.ts), whose drawings the shop
    // service serves too, so the stockroom sees the picture the shopper saw.
    embeddedCatalogue: config.catalogueUrl === '',
    ...seams,
  });
}
