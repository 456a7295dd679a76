/**
 * The fleet's store (zustand): the kiosks and what is worked out from the whole fleet, as
 * the broker worker posts them (fleet-viewer.ts); the configs, commands and screenshot the
 * page folds itself. MQTT messages do not go in one by one: the fleet's route batches them
 * per frame and commits the folded state once (fleet-session.ts).
 */
import { create } from 'zustand';
import {
  commandFailed,
  emptyFleet,
  recordCommand,
  type FleetState,
  type KioskState,
  type SentCommand,
} from './fleet-state';
import { applyKiosks, EMPTY_VIEW, type FleetView, type FleetViewChange } from './fleet-viewer';
import { KioskMap } from './kiosk-map';

export interface FleetStore {
  /** What the page folds: configs, commands and their acks, the screenshot (not kiosks). */
  fleet: FleetState;
  /** Every kiosk's state, as the broker worker last posted it (a new map when one changed). */
  kiosks: ReadonlyMap<string, KioskState>;
  /** The summary, rollups, alerts and filters' names the worker works out. */
  view: FleetView;
  /** Messages dropped because the page could not keep up (bounded queue). */
  dropped: number;
  setFleet: (fleet: FleetState) => void;
  /** Takes in the kiosks and the parts of the view the worker says changed. */
  setView: (change: FleetViewChange) => void;
  addDropped: (count: number) => void;
  commandSent: (command: Omit<SentCommand, 'acks' | 'problem'>) => void;
  commandFailed: (id: string, problem: string) => void;
  /** A new broker or prefix: nothing known about the old one applies. */
  reset: () => void;
}

export const useFleetStore = create<FleetStore>()((set) => ({
  fleet: emptyFleet(),
  kiosks: KioskMap.EMPTY,
  view: EMPTY_VIEW,
  dropped: 0,
  setFleet: (fleet) => set({ fleet }),
  setView: ({ kiosks, gone, ...parts }) =>
    set((state) => ({
      kiosks: applyKiosks(state.kiosks, { kiosks, gone }),
      view: { ...state.view, ...parts },
    })),
  addDropped: (count) => set((state) => ({ dropped: state.dropped + count })),
  commandSent: (command) => set((state) => ({ fleet: recordCommand(state.fleet, command) })),
  commandFailed: (id, problem) =>
    set((state) => ({ fleet: commandFailed(state.fleet, id, problem) })),
  reset: () =>
    set({
      fleet: emptyFleet(),
      kiosks: KioskMap.EMPTY,
      view: EMPTY_VIEW,
      dropped: 0,
    }),
}));
