import { useCallback, useEffect, useRef, useState } from 'react';
import type { HandoverDesk, HandOverResult, LookupResult, QueuedHandover } from './handover-desk';

/** Where one verified receipt stands at this counter, as the handover panel shows it. */
export type HandoverView =
  | { phase: 'looking' }
  | { phase: 'looked'; result: LookupResult }
  | { phase: 'handing-over' }
  | { phase: 'handed'; result: HandOverResult }
  | { phase: 'queued'; entry: QueuedHandover };

export interface Handover {
  view: HandoverView;
  /** The claim protocol: staff hand the goods over only when it says so. */
  handOver: () => void;
  /** Staff's decision without the broker's word (offline, or over an interrupted claim). */
  handOverAnyway: (reason: 'offline' | 'override') => void;
}

const NOT_CONNECTED = 'the console is not connected';
const NO_BROKER: LookupResult = { state: 'unreachable', why: NOT_CONNECTED };

/**
 * The handover of one receipt: looked up on the broker when it is shown, then handed over
 * through the desk. `key` changes with every scan, so a rescan looks it up afresh.
 */
export function useHandover(
  desk: HandoverDesk | null,
  receipt: { kioskId: string; receiptId: string; key: number },
  counter: string,
  /** Whether the broker is connected: a lookup that could not be answered is tried again. */
  connected: boolean,
): Handover {
  const { kioskId, receiptId, key } = receipt;
  const [state, setState] = useState<{ key: number; view: HandoverView }>({
    key,
    view: { phase: 'looking' },
  });

  // Looked up when shown, and again when the link returns if the broker could not be asked;
  // never over what staff have done since.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  useEffect(() => {
    const { key: shownKey, view } = latest.current;
    const unanswered =
      shownKey !== key ||
      view.phase === 'looking' ||
      (view.phase === 'looked' && view.result.state === 'unreachable');
    if (!unanswered) return;
    const run = { live: true };
    const lookup = desk ? desk.lookup(kioskId, receiptId) : Promise.resolve(NO_BROKER);
    void lookup.then((result) => {
      if (run.live) setState({ key, view: { phase: 'looked', result } });
    });
    return () => {
      run.live = false;
    };
  }, [desk, kioskId, receiptId, key, connected]);

  const handOver = useCallback(() => {
    if (!desk) {
      setState({
        key,
        view: { phase: 'handed', result: { kind: 'unconfirmed', why: NOT_CONNECTED } },
      });
      return;
    }
    setState({ key, view: { phase: 'handing-over' } });
    void desk.handOver(kioskId, receiptId, counter).then((result) => {
      setState((current) =>
        current.key === key ? { key, view: { phase: 'handed', result } } : current,
      );
    });
  }, [desk, kioskId, receiptId, counter, key]);

  const handOverAnyway = useCallback(
    (reason: 'offline' | 'override') => {
      if (!desk) return;
      const entry = desk.handOverAnyway(kioskId, receiptId, counter, reason);
      setState({ key, view: { phase: 'queued', entry } });
      void desk.flush();
    },
    [desk, kioskId, receiptId, counter, key],
  );

  const view = state.key === key ? state.view : { phase: 'looking' as const };
  return { view, handOver, handOverAnyway };
}
