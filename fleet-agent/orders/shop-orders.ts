/**
 * A kiosk's confirmed orders on their way to the shop service: the page's order is read
 * (order-request.ts), kept in the outbox on disk (order-outbox.ts) and delivered in the
 * background (order-delivery.ts, order-sender.ts). `submit` answers at once; the shopper's
 * thank-you screen never waits for the service and never hears of it.
 *
 * Only an enrolled kiosk keeps an order. Its receipt carries a signed code only once
 * enrolled, so an order from before has no receipt a counter would take as this kiosk's;
 * and an order kept until some later enrolment would be vouched for by a certificate the
 * operator issued after the fact. An order kept while enrolled and not yet sent when the
 * certificate goes away waits (the service refuses one signed under a revoked certificate,
 * and it then leaves the outbox), and expires with the hold window.
 */
import type { BackoffOptions } from '../../shared/fleet/backoff';
import type { ShopOrder } from '../../shared/fleet/orders/shop-order';
import type { FleetLog } from '../fleet-log';
import type { KioskRequestCredentials } from './kiosk-request';
import { createOrderDelivery, type DeliveryTimers } from './order-delivery';
import { openOrderOutbox } from './order-outbox';
import { orderFromRequest } from './order-request';
import { createOrderSender, type OrderSender, type SendOutcome } from './order-sender';

export type SubmitResult = 'queued' | 'duplicate' | 'not-enrolled' | 'invalid';

export interface ShopOrders {
  /** The page's order of a confirmed receipt: kept and sent in the background. */
  submit(request: unknown): Promise<SubmitResult>;
  /** The enrolment changed, or the service may be back: try the waiting orders now. */
  retryNow(): void;
  /** How many orders wait. */
  pending(): number;
  /** Resolves once no send is in flight (tests). */
  idle(): Promise<void>;
  stop(): void;
}

export interface ShopOrdersOptions {
  /** The shop service's origin (shopServiceUrl). */
  serviceUrl: string;
  credentials: KioskRequestCredentials;
  /** Resolves once the enrolment kept on disk has been checked again. */
  ready?: Promise<void>;
  /** The outbox file; null: in memory only. */
  outboxPath: string | null;
  log: FleetLog;
  now?: () => number;
  fetch?: typeof fetch;
  backoff?: BackoffOptions;
  random?: () => number;
  timers?: DeliveryTimers;
  maxPending?: number;
  /**
   * The collection number main gave the receipt (the one on the shopper's screen and slip),
   * or null when it has none: the order then goes without one.
   */
  collectionNumber?: (receiptId: string) => string | null;
  /**
   * The kiosk sells from its embedded demo catalogue: a line's picture is then the shop
   * service's drawing of the same product (order-request.ts).
   */
  embeddedCatalogue?: boolean;
}

const withoutImages = (order: ShopOrder): ShopOrder => ({
  ...order,
  lines: order.lines.map(({ image: _image, ...line }) => line),
});

/**
 * One try, and a second without the lines' pictures when the service refused the first as
 * a body it does not take: a shop service from before pictures refuses the field, and the
 * order is worth more than its pictures. Any other refusal is the service's last word.
 */
async function sendWithFallback(sender: OrderSender, order: ShopOrder): Promise<SendOutcome> {
  const outcome = await sender.send(order);
  const pictured = order.lines.some((line) => line.image !== undefined);
  if (outcome.kind !== 'refused' || outcome.status !== 400 || !pictured) return outcome;
  return sender.send(withoutImages(order));
}

export function createShopOrders(options: ShopOrdersOptions): ShopOrders {
  const { credentials, log } = options;
  const outbox = openOrderOutbox({
    path: options.outboxPath,
    log,
    ...(options.now ? { now: options.now } : {}),
    ...(options.maxPending === undefined ? {} : { maxPending: options.maxPending }),
  });
  const sender = createOrderSender({
    serviceUrl: options.serviceUrl,
    credentials,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const delivery = createOrderDelivery({
    outbox,
    send: (order) => sendWithFallback(sender, order),
    log,
    ...(options.backoff ? { backoff: options.backoff } : {}),
    ...(options.random ? { random: options.random } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
  });
  // Each kind of order not kept is logged once: a page sends one with every purchase.
  const logged = new Set<SubmitResult>();
  const once = (result: SubmitResult, line: string): SubmitResult => {
    if (!logged.has(result)) log.warn(line);
    logged.add(result);
    return result;
  };

  // Asked for only once the order is one the service takes; a number the schema refuses
  // is left out rather than costing the order.
  const withNumber = (order: ShopOrder): ShopOrder => {
    const number = options.collectionNumber?.(order.receiptId) ?? null;
    if (number === null) return order;
    return orderFromRequest(order, order.kioskId, { collectionNumber: number }) ?? order;
  };

  const ready = (): Promise<void> => Promise.resolve(options.ready).catch(() => undefined);
  // What a run before this one left: on its way as soon as the enrolment is known.
  if (outbox.size() > 0) {
    void ready().then(() => {
      delivery.kick();
    });
  }

  return {
    async submit(request) {
      await ready();
      if (credentials.certificate() === null) {
        return once(
          'not-enrolled',
          'Orders: this kiosk is not enrolled, so its orders are not sent to the shop service',
        );
      }
      const read = orderFromRequest(request, credentials.kioskId, {
        embeddedCatalogue: options.embeddedCatalogue === true,
      });
      const order = read === null ? null : withNumber(read);
      if (order === null) {
        return once(
          'invalid',
          'Orders: the page handed over an order the shop service would not take; not sent',
        );
      }
      const added = outbox.add(order);
      if (added === 'duplicate') return 'duplicate';
      delivery.kick();
      return 'queued';
    },
    retryNow: () => {
      delivery.retryNow();
    },
    pending: () => outbox.size(),
    idle: () => delivery.idle(),
    stop: () => {
      delivery.stop();
    },
  };
}
