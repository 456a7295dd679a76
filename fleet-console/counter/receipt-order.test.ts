// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ServiceClient, ServiceReply } from '../service/service-client';
import { fetchReceiptOrder, stateWords } from './receipt-order';

const order = {
  kioskId: 'kiosk-01',
  receiptId: 'Receipt-1700000000000-1',
  collectionNumber: 'C 27',
  at: 1,
  receivedAt: 2,
  late: false,
  lines: [{ productId: 3, title: 'Jacket', quantity: 2, priceCents: 100 }],
  totalCents: 200,
  state: 'ready',
  stateAt: 3,
  cancelReason: null,
  serial: 'kept by the service, not read here',
};

const answering = (reply: ServiceReply): ServiceClient => ({
  base: '',
  withToken: false,
  request: () => Promise.resolve(reply),
});

describe('the order behind a scanned receipt', () => {
  it('reads the order, a receipt without one, and no answer', async () => {
    const found = await fetchReceiptOrder(
      answering({ kind: 'answer', status: 200, body: { order } }),
      'kiosk-01',
      order.receiptId,
    );
    expect(found).toMatchObject({
      kind: 'order',
      order: { collectionNumber: 'C 27', state: 'ready' },
    });
    expect(found.kind === 'order' && 'serial' in found.order).toBe(false);
    expect(
      await fetchReceiptOrder(answering({ kind: 'answer', status: 404, body: {} }), 'k', 'r'),
    ).toEqual({ kind: 'none' });
    expect(
      await fetchReceiptOrder(
        answering({ kind: 'answer', status: 200, body: { order: { ...order, state: 'lost' } } }),
        'k',
        'r',
      ),
    ).toMatchObject({ kind: 'unknown' });
    expect(
      await fetchReceiptOrder(answering({ kind: 'unreachable', why: 'down' }), 'k', 'r'),
    ).toEqual({ kind: 'unknown', why: 'down' });
  });

  it('says the state as the counter does', () => {
    expect(stateWords({ state: 'ready', cancelReason: null })).toBe('Ready');
    expect(stateWords({ state: 'picking', cancelReason: null })).toBe('Being picked');
    expect(stateWords({ state: 'cancelled', cancelReason: 'Out of stock' })).toBe(
      'Cancelled: Out of stock',
    );
  });
});
