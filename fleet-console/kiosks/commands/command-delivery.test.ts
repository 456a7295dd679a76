// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AckView } from '../../protocol/ack-view';
import type { SentCommand } from '../../fleet/fleet-state';
import { ACK_TIMEOUT_MS, deliveryOf } from './command-delivery';

const ack = (ok = true): AckView => ({ id: 'c1', command: 'ping', ok, error: null, at: 0 });

const sent = (target: string, expected: number, acks: [string, AckView][] = []): SentCommand => ({
  id: 'c1',
  command: 'ping',
  target,
  sentAt: 1000,
  expected,
  acks: new Map(acks),
  problem: null,
});

describe('a command’s delivery', () => {
  it('is acknowledged once its kiosk (or every kiosk expected) answered, even with an error', () => {
    expect(deliveryOf(sent('k1', 1, [['k1', ack(false)]]), 1000)).toEqual({
      state: 'acknowledged',
    });
    expect(
      deliveryOf(
        sent('all', 2, [
          ['k1', ack()],
          ['k2', ack()],
        ]),
        999_999,
      ),
    ).toEqual({
      state: 'acknowledged',
    });
  });

  it('is awaited until its time is up, then reported as not delivered to those missing', () => {
    const one = sent('k1', 1);
    expect(deliveryOf(one, 1000 + ACK_TIMEOUT_MS - 1)).toEqual({ state: 'awaiting' });
    expect(deliveryOf(one, 1000 + ACK_TIMEOUT_MS)).toEqual({ state: 'not-delivered', missing: 1 });
    const all = sent('all', 3, [['k1', ack()]]);
    expect(deliveryOf(all, 1000 + ACK_TIMEOUT_MS)).toEqual({ state: 'not-delivered', missing: 2 });
    // Another kiosk's ack does not count for a command sent to one kiosk.
    expect(
      deliveryOf(sent('k1', 1, [['k2', ack()]]), 1000 + ACK_TIMEOUT_MS, ACK_TIMEOUT_MS),
    ).toEqual({
      state: 'not-delivered',
      missing: 1,
    });
  });
});

describe('what the live region says of an undelivered command', () => {
  it('names the kiosk or how many kiosks never answered', async () => {
    const { describeAcks } = await import('./ack-summary');
    expect(describeAcks(sent('k1', 1), 1000 + ACK_TIMEOUT_MS)).toBe(
      'ping was not delivered to k1: no acknowledgement within 30 s',
    );
    expect(describeAcks(sent('all', 3, [['k1', ack()]]), 1000 + ACK_TIMEOUT_MS)).toBe(
      'ping was not delivered to 2 of 3 kiosks: no acknowledgement within 30 s',
    );
    expect(describeAcks(sent('k1', 1), 1000)).toBe('ping sent to k1, awaiting its acknowledgement');
  });
});
