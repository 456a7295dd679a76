/**
 * The connection's store (zustand): the open broker session, and where the connection
 * stands, in the words the header shows. Features read the session from here to publish
 * and subscribe; what the broker sends them reaches them by their routes (message-routes.ts).
 */
import { create } from 'zustand';
import type { BrokerSession } from './broker-session-handle';

/**
 * `broker` is the one node the console is on (or was last on, or is trying); `nodes` how
 * many the settings list, so a cluster's header names one node, never the whole list.
 */
export type ConnectionState =
  | { phase: 'idle' }
  | { phase: 'connecting'; broker: string; nodes: number }
  | { phase: 'connected'; broker: string; nodes: number }
  | { phase: 'reconnecting'; broker: string; nodes: number; problem: string | null };

export interface ConnectionStore {
  /** The open broker session, or null while the console has no broker to talk to. */
  session: BrokerSession | null;
  connection: ConnectionState;
  setSession: (session: BrokerSession | null) => void;
  setConnection: (connection: ConnectionState) => void;
}

export const useConnectionStore = create<ConnectionStore>()((set) => ({
  session: null,
  connection: { phase: 'idle' },
  setSession: (session) => set({ session }),
  setConnection: (connection) => set({ connection }),
}));

/** The open broker session, or null while the console has no broker to talk to. */
export const useBrokerSession = (): BrokerSession | null =>
  useConnectionStore((state) => state.session);

/** Whether the broker is connected now. */
export const useConnected = (): boolean =>
  useConnectionStore((state) => state.connection.phase === 'connected');
