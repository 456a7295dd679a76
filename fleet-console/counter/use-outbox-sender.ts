import { useEffect } from 'react';
import { useServiceSession } from '../service/service-session';
import { openOutbox, sendOutbox, useOutbox } from './handover-outbox';

/** While anything waits, how often the counter tries to send it. */
export const SEND_EVERY_MS = 15_000;

/**
 * Opens this fleet's outbox (handover-outbox.ts) and sends what waits whenever this page is
 * signed in to the shop service: at once (a queue left from before a reload or a crash goes
 * out first thing), after each handover added, every SEND_EVERY_MS, and when the browser
 * says the network is back.
 */
export function useOutboxSender(prefix: string): void {
  const client = useServiceSession((state) => state.client);
  const signedIn = useServiceSession((state) => state.phase === 'signed-in');
  const waiting = useOutbox((state) => state.entries.length);
  useEffect(() => openOutbox(prefix), [prefix]);
  useEffect(() => {
    if (!client || !signedIn || waiting === 0) return;
    const send = (): void => void sendOutbox(client);
    send();
    const timer = setInterval(send, SEND_EVERY_MS);
    window.addEventListener('online', send);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, [client, signedIn, waiting]);
}
