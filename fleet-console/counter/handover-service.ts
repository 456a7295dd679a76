/**
 * The counter's handover desk (handover-desk.ts) on the console's broker
 * session: one desk per session, fed every message of the handover topics by a route it
 * adds to the session, its queue kept in this browser's localStorage per fleet, and sent whenever the
 * broker is connected again (and every half minute while anything waits).
 */
import { useMemo } from 'react';
import { create } from 'zustand';
import { createHandoverDesk, type HandoverDesk, type QueuedHandover } from './handover-desk';
import { handoverClaimTopic, handoverTopic } from '@shared/fleet/trust/trust-topics';
import type { BrokerSession } from '../connection/broker-session-handle';
import { useBrokerSession, useConnectionStore } from '../connection/connection-store';
import { route } from '../connection/message-routes';
import { browserQueueStore } from './handover-queue-store';

/** While anything waits, how often the desk tries to send it. */
export const FLUSH_EVERY_MS = 30_000;

/**
 * What this counter handed over that the broker does not have yet. Conflicts found when it
 * is sent are reported on the broker, and shown from there (handover-conflicts.tsx).
 */
export interface HandoverQueueState {
  queued: readonly QueuedHandover[];
  /** Whether this browser keeps them; false: a reload before they are sent loses them. */
  kept: boolean;
  setQueued: (queued: readonly QueuedHandover[], kept: boolean) => void;
}

export const useHandoverQueue = create<HandoverQueueState>()((set) => ({
  queued: [],
  kept: true,
  setQueued: (queued, kept) => set({ queued, kept }),
}));

let current: { session: BrokerSession; desk: HandoverDesk; stop: () => void } | null = null;

function open(session: BrokerSession): HandoverDesk {
  const desk = createHandoverDesk({
    prefix: session.prefix,
    transport: {
      subscribe: (topic) => session.subscribeOnce(topic),
      unsubscribe: (topic) => session.unsubscribeOnce(topic),
      publish: (topic, payload, { retain }) => session.publish(topic, payload, { retain }),
      connected: () => session.connected(),
    },
    queue: browserQueueStore(session.prefix),
    exactlyOnce: !session.cluster,
  });
  const show = (): void => useHandoverQueue.getState().setQueued(desk.queued(), desk.queueKept());
  show();
  const offQueue = desk.onQueueChange(show);
  // The desk weighs every message of a receipt's topics itself, in the broker's order.
  const offMessages = session.route(
    route(['handover', 'handover-claim'], (messages) => {
      for (const message of messages) {
        const topicOf = message.kind === 'handover' ? handoverTopic : handoverClaimTopic;
        const topic = topicOf(session.prefix, message.kioskId, message.receiptId);
        desk.receive(topic, message.payload, message.retained);
      }
    }),
  );
  const flush = (): void => {
    if (desk.queued().length === 0 || !session.connected()) return;
    void desk.flush();
  };
  const offConnection = useConnectionStore.subscribe((state, previous) => {
    if (state.connection.phase === 'connected' && previous.connection.phase !== 'connected') {
      flush();
    }
  });
  const timer = setInterval(flush, FLUSH_EVERY_MS);
  current?.stop();
  current = {
    session,
    desk,
    stop: () => {
      offQueue();
      offMessages();
      offConnection();
      clearInterval(timer);
    },
  };
  // A queue left from before (a crash, a closed tab) goes out as soon as it can.
  flush();
  return desk;
}

/** The desk of this broker session (made on first use). */
export function deskFor(session: BrokerSession): HandoverDesk {
  return current?.session === session ? current.desk : open(session);
}

/** The handover desk of the open broker session, or null while there is none. */
export function useHandoverDesk(): HandoverDesk | null {
  const session = useBrokerSession();
  // deskFor makes the desk once per session and returns the same one after.
  return useMemo(() => (session ? deskFor(session) : null), [session]);
}
