/**
 * The diagnostics transfers the operator started, by kiosk (diagnostics-transfers.ts holds
 * the rules). The broker session hands every chunk it read straight here, not through the
 * frame batcher: a transfer's chunks are few, and none may be dropped.
 */
import { create } from 'zustand';
import type { DiagnosticsChunk } from '@shared/fleet/diagnostics-transfer';
import {
  startTransfer,
  takeAck,
  takeChunk,
  tick,
  verify,
  webCryptoSha256,
  type Transfer,
} from './diagnostics-transfers';

export interface DiagnosticsStore {
  transfers: ReadonlyMap<string, Transfer>;
  start(kioskId: string, commandId: string): void;
  chunks(received: readonly { kioskId: string; chunk: DiagnosticsChunk }[]): void;
  ack(kioskId: string, commandId: string, ack: { ok: boolean; error?: string }): void;
  /** Fails what waited too long; called every second while a transfer runs. */
  tick(): void;
  reset(): void;
}

export const useDiagnosticsStore = create<DiagnosticsStore>()((set, get) => {
  const update = (kioskId: string, change: (transfer: Transfer) => Transfer): void => {
    const transfer = get().transfers.get(kioskId);
    if (!transfer) return;
    const next = change(transfer);
    if (next === transfer) return;
    set({ transfers: new Map(get().transfers).set(kioskId, next) });
    if (next.view.phase === 'verifying') {
      void verify(next, webCryptoSha256, Date.now()).then((verified) => {
        // Only if the operator has not started another one meanwhile.
        if (verified && get().transfers.get(kioskId) === next) {
          set({ transfers: new Map(get().transfers).set(kioskId, verified) });
        }
      });
    }
  };
  return {
    transfers: new Map(),
    start: (kioskId, commandId) =>
      set({
        transfers: new Map(get().transfers).set(
          kioskId,
          startTransfer(kioskId, commandId, Date.now()),
        ),
      }),
    chunks: (received) => {
      for (const { kioskId, chunk } of received) {
        update(kioskId, (transfer) => takeChunk(transfer, chunk, Date.now()));
      }
    },
    ack: (kioskId, commandId, ack) =>
      update(kioskId, (transfer) =>
        transfer.commandId === commandId ? takeAck(transfer, ack, Date.now()) : transfer,
      ),
    tick: () => {
      for (const kioskId of get().transfers.keys()) {
        update(kioskId, (transfer) => tick(transfer, Date.now()));
      }
    },
    reset: () => set({ transfers: new Map() }),
  };
});
