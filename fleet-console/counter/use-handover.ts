import { useCallback, useState } from 'react';
import { toBase64Url } from '@shared/fleet/base64url';
import type { ServiceClient } from '../service/service-client';
import type { Handover, RefusalAnswer } from '../service/service-answers';
import { sessionLost } from '../service/service-session';
import { handOverAtService } from './counter-calls';
import { addToOutbox, type OutboxEntry } from './handover-outbox';

/** Where one verified receipt stands at this counter, as the handover panel shows it. */
export type HandoverView =
  /** Handed over already: at another counter, or here before. */
  | { phase: 'collected'; handover: Handover }
  /** Not handed over anywhere the service knows of: the Hand over button. */
  | { phase: 'ready' }
  | { phase: 'handing-over' }
  /** The service recorded this counter's handover: hand the goods over. */
  | { phase: 'handed'; handover: Handover }
  /** Refused while handing over (its certificate revoked meanwhile, its window over). */
  | { phase: 'refused'; refusal: RefusalAnswer }
  /** No answer from the service (`from`: the check, or the handover itself): staff decide. */
  | { phase: 'unconfirmed'; why: string; from: 'check' | 'hand-over' }
  /** In this counter's outbox (the panel shows whether it was sent, and what became of it). */
  | { phase: 'queued'; entry: OutboxEntry };

export interface HandoverControls {
  view: HandoverView;
  /** Asks the service to record the handover: hand over only when it says so. */
  handOver: () => void;
  /** Staff's decision without the service's word: kept in the outbox, sent when it answers. */
  handOverAnyway: () => void;
}

export interface ShownReceipt {
  code: string;
  kioskId: string;
  receiptId: string;
}

/** A fresh id for one handover (16 random bytes, base64url). */
export function newHandoverId(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * The handover of one shown receipt. Its id is made once, when the receipt is shown, and
 * kept for every try: a Hand over sent again after a lost answer, and a Hand over anyway
 * after it, are the same handover at the service, never a second one, and never beaten by
 * itself. The component is keyed by the scan, so a rescan starts afresh.
 */
export function useHandover(
  client: ServiceClient | null,
  receipt: ShownReceipt,
  /** Who is signed in here, for the outbox's entries. */
  counter: string,
  initial: HandoverView,
  now: () => number = Date.now,
): HandoverControls {
  const [handoverId] = useState(newHandoverId);
  const [view, setView] = useState<HandoverView>(initial);

  const handOver = useCallback(() => {
    if (!client) {
      setView({ phase: 'unconfirmed', why: 'no shop service is set', from: 'hand-over' });
      return;
    }
    setView({ phase: 'handing-over' });
    void handOverAtService(client, receipt.code, handoverId).then((outcome) => {
      switch (outcome.kind) {
        case 'handed-over':
          setView({ phase: 'handed', handover: outcome.handover });
          return;
        case 'already-collected':
          setView({ phase: 'collected', handover: outcome.handover });
          return;
        case 'refused':
          setView({ phase: 'refused', refusal: outcome.refusal });
          return;
        case 'signed-out':
          setView({ phase: 'ready' });
          sessionLost();
          return;
        case 'unreachable':
          setView({ phase: 'unconfirmed', why: outcome.why, from: 'hand-over' });
      }
    });
  }, [client, receipt.code, handoverId]);

  const handOverAnyway = useCallback(() => {
    const entry = addToOutbox({
      code: receipt.code,
      handoverId,
      at: now(),
      mode: 'offline',
      kioskId: receipt.kioskId,
      receiptId: receipt.receiptId,
      counter,
    });
    setView({ phase: 'queued', entry });
  }, [receipt, handoverId, counter, now]);

  return { view, handOver, handOverAnyway };
}
