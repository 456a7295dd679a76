/**
 * Delivering the outbox: oldest first, one at a time; after a try the service did not
 * answer, the next waits a backoff with full jitter that grows to its cap and starts again
 * after a delivery; an order refused for good leaves; one the service keeps failing on
 * goes to the back, so it holds up no other.
 */
import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '../../../shared/fleet/backoff';
import {
  createOrderDelivery,
  ORDER_BACKOFF,
  type DeliveryTimers,
} from '../../../fleet-agent/orders/order-delivery';
import { openOrderOutbox } from '../../../fleet-agent/orders/order-outbox';
import type { SendOutcome } from '../../../fleet-agent/orders/order-sender';
import type { ShopOrder } from '../../../shared/fleet/orders/shop-order';
import { memoryLog } from '../support/fleet-fixtures';
import { sampleOrder } from './support/order-fixtures';

/** Timers run by hand: what waits, and for how long. */
function manualTimers() {
  let waiting: { run: () => void; ms: number; id: number } | null = null;
  let ids = 0;
  const delays: number[] = [];
  const timers: DeliveryTimers = {
    setTimeout: (run, ms) => {
      if (waiting !== null) throw new Error('two waits at once');
      ids += 1;
      waiting = { run, ms, id: ids };
      delays.push(ms);
      return ids;
    },
    clearTimeout: (id) => {
      if (waiting?.id === id) waiting = null;
    },
  };
  return {
    timers,
    delays,
    waiting: () => waiting !== null,
    /** Ends the wait now. */
    fire: () => {
      const due = waiting;
      waiting = null;
      due?.run();
    },
  };
}

/** A service that answers each send with the next of `answers` (the last one repeated). */
function scriptedService(answers: SendOutcome[]) {
  const sent: string[] = [];
  return {
    sent,
    send: (order: ShopOrder): Promise<SendOutcome> => {
      sent.push(order.receiptId);
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      return Promise.resolve(answer ?? { kind: 'retry', reason: 'no answer scripted' });
    },
  };
}

const DELIVERED: SendOutcome = { kind: 'delivered', status: 201 };
const DOWN: SendOutcome = { kind: 'retry', reason: 'fetch failed: ECONNREFUSED' };

function setup(answers: SendOutcome[], random = () => 0.5) {
  const log = memoryLog();
  const outbox = openOrderOutbox({ path: null, log });
  const service = scriptedService(answers);
  const clock = manualTimers();
  const delivery = createOrderDelivery({
    outbox,
    send: service.send,
    log,
    random,
    timers: clock.timers,
  });
  return { log, outbox, service, clock, delivery };
}

describe('delivering the outbox', () => {
  it('sends every waiting order once, oldest first', async () => {
    const { outbox, service, delivery, clock } = setup([DELIVERED]);
    const orders = [sampleOrder(), sampleOrder(), sampleOrder()];
    for (const order of orders) outbox.add(order);
    delivery.kick();
    await delivery.idle();
    expect(service.sent).toEqual(orders.map((order) => order.receiptId));
    expect(outbox.size()).toBe(0);
    expect(clock.waiting()).toBe(false);
  });

  it('waits longer after each try the service does not answer, up to a minute, and starts over after a delivery', async () => {
    const answers = [DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, DELIVERED, DOWN];
    const { outbox, service, delivery, clock, log } = setup(answers, () => 0.5);
    const [first, second] = [sampleOrder(), sampleOrder()];
    outbox.add(first);
    delivery.kick();
    await delivery.idle();
    for (let tries = 1; tries < 8; tries += 1) {
      clock.fire();
      await delivery.idle();
    }
    expect(clock.delays).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelayMs(attempt, () => 0.5, ORDER_BACKOFF)),
    );
    expect(clock.delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    // One line for the spell, not one per try.
    expect(log.matching('trying again with backoff')).toHaveLength(1);
    clock.fire();
    await delivery.idle();
    expect(outbox.size()).toBe(0);
    expect(log.matching('takes orders again')).toHaveLength(1);
    // The next failure starts from the first step again.
    outbox.add(second);
    delivery.kick();
    await delivery.idle();
    expect(clock.delays.at(-1)).toBe(500);
    expect(service.sent.filter((id) => id === first.receiptId)).toHaveLength(9);
  });

  it('draws each wait at random below its ceiling, so kiosks do not come back together', async () => {
    const draws = [0, 0.999, 0.25];
    const { outbox, delivery, clock } = setup([DOWN], () => draws.shift() ?? 0);
    outbox.add(sampleOrder());
    delivery.kick();
    await delivery.idle();
    clock.fire();
    await delivery.idle();
    clock.fire();
    await delivery.idle();
    expect(clock.delays).toEqual([0, 1998, 1000]);
  });

  it('lets an order refused for good leave, and says why', async () => {
    const refused: SendOutcome = {
      kind: 'refused',
      status: 409,
      reason: 'HTTP 409 (receipt-taken)',
    };
    const { outbox, delivery, log, service } = setup([refused, DELIVERED]);
    const [taken, next] = [sampleOrder(), sampleOrder()];
    outbox.add(taken);
    outbox.add(next);
    delivery.kick();
    await delivery.idle();
    expect(service.sent).toEqual([taken.receiptId, next.receiptId]);
    expect(outbox.size()).toBe(0);
    expect(log.matching(`refused the order of ${taken.receiptId} for good`)).toHaveLength(1);
    // Refused is done with: asked again, nothing is kept.
    expect(outbox.add(taken)).toBe('duplicate');
  });

  it('tries the others after an order the service fails on', async () => {
    const { outbox, delivery, clock, service } = setup([DOWN, DELIVERED]);
    const [poison, other] = [sampleOrder(), sampleOrder()];
    outbox.add(poison);
    outbox.add(other);
    delivery.kick();
    await delivery.idle();
    clock.fire();
    await delivery.idle();
    expect(service.sent.slice(0, 2)).toEqual([poison.receiptId, other.receiptId]);
  });

  it('does not cut a backoff short for a new order, but does when the kiosk is enrolled', async () => {
    const { outbox, delivery, clock, service } = setup([{ kind: 'unsigned' }, DELIVERED]);
    outbox.add(sampleOrder());
    delivery.kick();
    await delivery.idle();
    expect(clock.waiting()).toBe(true);
    outbox.add(sampleOrder());
    delivery.kick();
    await delivery.idle();
    expect(service.sent).toHaveLength(1);
    delivery.retryNow();
    await delivery.idle();
    expect(clock.waiting()).toBe(false);
    expect(service.sent).toHaveLength(3);
    expect(outbox.size()).toBe(0);
  });

  it('sends an order added while another is on its way, and nothing after stop', async () => {
    const { outbox, delivery, service, clock } = setup([DELIVERED]);
    outbox.add(sampleOrder());
    delivery.kick();
    outbox.add(sampleOrder());
    delivery.kick();
    await delivery.idle();
    expect(service.sent).toHaveLength(2);
    delivery.stop();
    outbox.add(sampleOrder());
    delivery.kick();
    delivery.retryNow();
    await delivery.idle();
    expect(service.sent).toHaveLength(2);
    expect(clock.waiting()).toBe(false);
  });

  it('survives a sender that throws, and tries again later', async () => {
    const log = memoryLog();
    const outbox = openOrderOutbox({ path: null, log });
    const clock = manualTimers();
    const delivery = createOrderDelivery({
      outbox,
      send: () => Promise.reject(new Error('boom')),
      log,
      timers: clock.timers,
    });
    outbox.add(sampleOrder());
    delivery.kick();
    await delivery.idle();
    expect(outbox.size()).toBe(1);
    expect(clock.waiting()).toBe(true);
    expect(log.matching('did not take one (boom)')).toHaveLength(1);
  });
});
