import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HandoverDesk, LookupResult } from './handover-desk';
import { useHandover } from './use-handover';

const RECEIPT = { kioskId: 'kiosk-a', receiptId: 'Receipt-1700000000000-42', key: 1 };

function fakeDesk(answers: LookupResult[]): HandoverDesk & { lookups: () => number } {
  const none: LookupResult = { state: 'none' };
  const lookup = vi.fn((): Promise<LookupResult> => Promise.resolve(answers.shift() ?? none));
  return {
    receive: vi.fn(),
    lookup,
    handOver: vi.fn(() => Promise.resolve({ kind: 'handed-over' as const, at: 5, recorded: true })),
    handOverAnyway: vi.fn(),
    flush: vi.fn(() => Promise.resolve([])),
    queued: () => [],
    queueKept: () => true,
    onQueueChange: () => () => undefined,
    lookups: () => lookup.mock.calls.length,
  };
}

describe('the handover of one shown receipt', () => {
  it('is looked up again when the link returns, if the broker could not be asked', async () => {
    const desk = fakeDesk([{ state: 'unreachable', why: 'the broker cannot be reached' }]);
    const { result, rerender } = renderHook(
      ({ connected }) => useHandover(desk, RECEIPT, 'Counter 1', connected),
      { initialProps: { connected: false } },
    );
    await waitFor(() =>
      expect(result.current.view).toMatchObject({ result: { state: 'unreachable' } }),
    );
    rerender({ connected: true });
    await waitFor(() => expect(result.current.view).toMatchObject({ result: { state: 'none' } }));
    expect(desk.lookups()).toBe(2);
  });

  it('is never looked up over a handover staff made', async () => {
    const desk = fakeDesk([{ state: 'none' }]);
    const { result, rerender } = renderHook(
      ({ connected }) => useHandover(desk, RECEIPT, 'Counter 1', connected),
      { initialProps: { connected: true } },
    );
    await waitFor(() => expect(result.current.view.phase).toBe('looked'));
    act(() => result.current.handOver());
    await waitFor(() => expect(result.current.view.phase).toBe('handed'));
    rerender({ connected: false });
    rerender({ connected: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.view).toMatchObject({ phase: 'handed', result: { kind: 'handed-over' } });
    expect(desk.lookups()).toBe(1);
  });
});
