import { describe, expect, it } from 'vitest';
import type { ServiceClient } from '../service/service-client';
import { fetchOrderFlow, spanText } from './order-flow';

const FLOW = {
  windowMs: 3_600_000,
  now: 1_000_000,
  ordersInWindow: 4,
  ordersTotal: 9,
  confirmToReady: { count: 2, p50Ms: 250_000, p90Ms: 600_000 },
  readyToHandover: { count: 0, p50Ms: null, p90Ms: null },
  waiting: { new: 1, picking: 0, ready: 2 },
  oldestUnreadyMs: 61_000,
};

const clientAnswering = (status: number, body: unknown): ServiceClient => ({
  base: '',
  withToken: false,
  request: () => Promise.resolve({ kind: 'answer', status, body }),
});

describe('the order flow panel’s figures', () => {
  it('puts spans in minutes and seconds, and says when no order got there', () => {
    expect(spanText(null)).toBe('none yet');
    expect(spanText(42_400)).toBe('42 s');
    expect(spanText(240_000)).toBe('4 min');
    expect(spanText(250_000)).toBe('4 min 10 s');
  });

  it('takes an answer that reads as the flow, and no other', async () => {
    expect(await fetchOrderFlow(clientAnswering(200, { flow: FLOW }))).toEqual({
      kind: 'flow',
      flow: FLOW,
    });
    expect(await fetchOrderFlow(clientAnswering(200, { flow: { ...FLOW, now: -1 } }))).toEqual({
      kind: 'unknown',
      why: 'the shop service answered 200',
    });
    expect(await fetchOrderFlow(clientAnswering(403, { error: 'forbidden' }))).toMatchObject({
      kind: 'unknown',
    });
  });
});
