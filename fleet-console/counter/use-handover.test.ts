import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeReceiptKey } from '../../tests/support/fixtures/kiosk-certificate';
import {
  SAMPLE_KIOSK_ID,
  SAMPLE_RECEIPT,
  signedReceiptCode,
} from '../../tests/support/fixtures/receipt';
import { answer, fakeService, UNREACHABLE, type ServiceCall } from '../test/fake-service';
import { sampleHandover } from '../test/service-samples';
import { openOutbox, useOutbox } from './handover-outbox';
import { useHandover, type HandoverView } from './use-handover';

const receipt = {
  code: signedReceiptCode(SAMPLE_RECEIPT, makeReceiptKey().privateKey),
  kioskId: SAMPLE_KIOSK_ID,
  receiptId: SAMPLE_RECEIPT.r,
};
const READY: HandoverView = { phase: 'ready' };

afterEach(() => {
  useOutbox.setState({ prefix: null, entries: [], kept: true, outcomes: new Map(), problem: null });
});

const idOf = (call: ServiceCall | undefined) => (call?.body as { handoverId: string }).handoverId;

describe('the handover of one shown receipt', () => {
  it('tells staff to hand over only when the service recorded this very handover', async () => {
    const service = fakeService(({ body }) =>
      answer(201, {
        outcome: 'handed-over',
        handover: sampleHandover({ handoverId: (body as { handoverId: string }).handoverId }),
      }),
    );
    const { result } = renderHook(() => useHandover(service, receipt, 'Counter 1', READY));
    act(() => result.current.handOver());
    await waitFor(() => expect(result.current.view.phase).toBe('handed'));
    expect(service.calls[0]).toMatchObject({ method: 'POST', path: '/handovers' });
  });

  it('shows another counter’s handover when the service says it was first', async () => {
    const theirs = sampleHandover();
    const service = fakeService(() =>
      answer(409, { outcome: 'already-collected', handover: theirs }),
    );
    const { result } = renderHook(() => useHandover(service, receipt, 'Counter 1', READY));
    act(() => result.current.handOver());
    await waitFor(() =>
      expect(result.current.view).toEqual({ phase: 'collected', handover: theirs }),
    );
  });

  it('keeps one id for every try: a retry after a lost answer and a Hand over anyway are the same handover', async () => {
    openOutbox('kiosk-shop');
    const service = fakeService(() => UNREACHABLE);
    const { result } = renderHook(() => useHandover(service, receipt, 'Counter 1', READY));
    act(() => result.current.handOver());
    await waitFor(() =>
      expect(result.current.view).toEqual({
        phase: 'unconfirmed',
        why: 'the shop service cannot be reached',
        from: 'hand-over',
      }),
    );
    act(() => result.current.handOver());
    await waitFor(() => expect(service.calls).toHaveLength(2));
    expect(idOf(service.calls[1])).toBe(idOf(service.calls[0]));
    act(() => result.current.handOverAnyway());
    expect(result.current.view.phase).toBe('queued');
    const [queued] = useOutbox.getState().entries;
    expect(queued).toMatchObject({
      code: receipt.code,
      handoverId: idOf(service.calls[0]),
      mode: 'offline',
      counter: 'Counter 1',
      receiptId: SAMPLE_RECEIPT.r,
    });
  });

  it('gives each shown receipt an id of its own', async () => {
    const service = fakeService(() => UNREACHABLE);
    const first = renderHook(() => useHandover(service, receipt, 'Counter 1', READY));
    const second = renderHook(() => useHandover(service, receipt, 'Counter 1', READY));
    act(() => first.result.current.handOver());
    act(() => second.result.current.handOver());
    await waitFor(() => expect(service.calls).toHaveLength(2));
    expect(idOf(service.calls[0])).not.toBe(idOf(service.calls[1]));
    expect(idOf(service.calls[0])).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
