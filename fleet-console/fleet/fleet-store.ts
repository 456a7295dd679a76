/**
 * The console's one store (zustand): the fleet as last drawn, and the connection's state.
 * MQTT messages do not go in one by one: the broker session batches them per frame and
 * commits the folded state once (connection/broker-session.ts).
 */
import { create } from 'zustand';
import type { BrokerSession } from '../connection/broker-session-handle';
import {
  commandFailed,
  emptyFleet,
  recordCommand,
  type FleetState,
  type SentCommand,
} from './fleet-state';

export type ConnectionState =
  | { phase: 'idle' }
  | { phase: 'connecting'; broker: string }
  | { phase: 'connected'; broker: string }
  | { phase: 'reconnecting'; broker: string; problem: string | null };

export interface FleetStore {
  /** The open broker session, or null while the console has no broker to talk to. */
  session: BrokerSession | null;
  fleet: FleetState;
  connection: ConnectionState;
  /** Messages dropped because the page could not keep up (bounded queue). */
  dropped: number;
  setSession: (session: BrokerSession | null) => void;
  setFleet: (fleet: FleetState) => void;
  setConnection: (connection: ConnectionState) => void;
  addDropped: (count: number) => void;
  commandSent: (command: Omit<SentCommand, 'acks' | 'problem'>) => void;
  commandFailed: (id: string, problem: string) => void;
  /** A new broker or prefix: nothing known about the old one applies. */
  reset: () => void;
}

export const useFleetStore = create<FleetStore>()((set) => ({
  session: null,
  fleet: emptyFleet(),
  connection: { phase: 'idle' },
  dropped: 0,
  setSession: (session) => set({ session }),
  setFleet: (fleet) => set({ fleet }),
  setConnection: (connection) => set({ connection }),
  addDropped: (count) => set((state) => ({ dropped: state.dropped + count })),
  commandSent: (command) => set((state) => ({ fleet: recordCommand(state.fleet, command) })),
  commandFailed: (id, problem) =>
    set((state) => ({ fleet: commandFailed(state.fleet, id, problem) })),
  reset: () => set({ fleet: emptyFleet(), connection: { phase: 'idle' }, dropped: 0 }),
}));
