/**
 * Empties the outbox into the shop service, one order at a time, oldest first. An order
 * delivered or refused for good leaves the outbox; one the service did not answer goes to
 * the back, and the next try waits a backoff with full jitter (shared/fleet/backoff.ts), so
 * a service that is away is asked less and less often, a fleet of kiosks does not knock at
 * the same moment when it comes back, and one order it keeps failing on holds up no other.
 * A delivery resets the wait. Nothing here ever throws into the kiosk: a shopper's
 * confirmation has long been answered.
 */
import { backoffDelayMs, type BackoffOptions } from '../../shared/fleet/backoff';
import type { ShopOrder } from '../../shared/fleet/orders/shop-order';
import type { FleetLog } from '../fleet-log';
import type { OrderOutbox } from './order-outbox';
import type { SendOutcome } from './order-sender';

/** 1 s, 2 s, 4 s … a minute at most between tries. */
export const ORDER_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 60_000 };

export interface DeliveryTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const NODE_TIMERS: DeliveryTimers = {
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms);
    // A wait for the service never keeps a process alive that is otherwise done.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export interface OrderDeliveryOptions {
  outbox: OrderOutbox;
  send(order: ShopOrder): Promise<SendOutcome>;
  log: FleetLog;
  backoff?: BackoffOptions;
  random?: () => number;
  timers?: DeliveryTimers;
}

export interface OrderDelivery {
  /** An order was added: send now, unless a send runs or a backoff waits. */
  kick(): void;
  /** Something changed that may let the service take them (enrolled): try at once. */
  retryNow(): void;
  /** Resolves once no send is in flight (a backoff may still wait). */
  idle(): Promise<void>;
  stop(): void;
}

/**
 * Logs what a send came to: a refusal each time (it costs an order), a spell of failures
 * once at its start and once at its end, not at every try.
 */
function spellReport(
  outbox: Pick<OrderOutbox, 'size'>,
  log: FleetLog,
): (outcome: SendOutcome, order: ShopOrder) => void {
  let failing = false;
  return (outcome, order) => {
    if (outcome.kind === 'delivered') {
      if (failing) log.info('Orders: the shop service takes orders again');
      failing = false;
    } else if (outcome.kind === 'refused') {
      log.error(
        `Orders: the shop service refused the order of ${order.receiptId} for good: ${outcome.reason}`,
      );
    } else {
      if (!failing) {
        const why =
          outcome.kind === 'unsigned'
            ? 'the kiosk is not enrolled now, so it cannot sign them'
            : `the shop service did not take one (${outcome.reason})`;
        log.warn(`Orders: ${outbox.size()} waiting, ${why}; trying again with backoff`);
      }
      failing = true;
    }
  };
}

export function createOrderDelivery(options: OrderDeliveryOptions): OrderDelivery {
  const { outbox, log } = options;
  const backoff = options.backoff ?? ORDER_BACKOFF;
  const random = options.random ?? Math.random;
  const timers = options.timers ?? NODE_TIMERS;
  let attempt = 0;
  let waiting: unknown = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const report = spellReport(outbox, log);

  const wait = (): void => {
    if (stopped) return;
    const delay = backoffDelayMs(attempt, random, backoff);
    attempt += 1;
    waiting = timers.setTimeout(() => {
      waiting = null;
      start();
    }, delay);
  };

  const run = async (): Promise<void> => {
    for (let order = outbox.next(); order !== null && !stopped; order = outbox.next()) {
      let outcome: SendOutcome;
      try {
        outcome = await options.send(order);
      } catch (error) {
        outcome = { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
      }
      report(outcome, order);
      if (outcome.kind === 'delivered' || outcome.kind === 'refused') {
        outbox.settle(order);
        attempt = 0;
        continue;
      }
      outbox.postpone(order);
      wait();
      return;
    }
  };

  function start(): void {
    if (stopped) return;
    if (running) {
      // Asked while a run ends: it looks again once done, unless a backoff waits.
      again = true;
      return;
    }
    again = false;
    running = run()
      .catch((error: unknown) => {
        log.error(`Orders: delivery stopped on an error (${String(error)}); retrying later`);
        if (waiting === null) wait();
      })
      .finally(() => {
        running = null;
        if (again && waiting === null) start();
      });
  }

  return {
    kick() {
      if (waiting === null) start();
    },
    retryNow() {
      if (waiting !== null) timers.clearTimeout(waiting);
      waiting = null;
      attempt = 0;
      start();
    },
    idle: async () => {
      while (running) await running;
    },
    stop() {
      stopped = true;
      if (waiting !== null) timers.clearTimeout(waiting);
      waiting = null;
    },
  };
}
