/**
 * The fleet's part in each broker session. The kiosks' state is kept in the broker worker
 * (fleet-worker.ts), which posts the page a view of it; what the page folds itself (configs,
 * commands' acks, the screenshot, what was refused) comes by this route and is folded once
 * per frame, within a time budget (frame-batcher.ts), then committed to the store.
 */
import type { BrokerSession } from '../connection/broker-session-handle';
import { route, type SessionFeature } from '../connection/message-routes';
import type { ReadMessage } from '../protocol/read-message';
import { startFold, type FleetFold } from './fleet-state';
import { useFleetStore } from './fleet-store';
import type { CertifiedChange, FleetViewChange, FleetViewRequest } from './fleet-viewer';
import { createFrameBatcher } from './frame-batcher';

/**
 * Commits come at most every size / KIOSKS_PER_MS ms, up to MAX_COMMIT_INTERVAL_MS: every
 * frame for a shop's few kiosks, five times a second at 10,000.
 */
const KIOSKS_PER_MS = 50;
const MAX_COMMIT_INTERVAL_MS = 200;

/**
 * What the page folds. Not the kiosks' status and health (the worker keeps them), the
 * rollouts' or the trust messages (their own routes take them).
 */
export const FRAME_KINDS = [
  'config',
  'config-cleared',
  'ack',
  'screenshot',
  'diagnostics-chunk',
  'ignored',
] as const;

/** The broker worker, with the fleet's part of it. */
export function startFleetWorker(): Worker {
  return new Worker(new URL('./fleet-worker.ts', import.meta.url), { type: 'module' });
}

/** Asks the worker for this view of the kiosks it keeps (a new session starts afresh). */
export function askFleetView(session: BrokerSession, request: FleetViewRequest): void {
  session.ask(request);
}

/** Tells the worker the groups of kiosks whose certificate in force changed (null: none now). */
export function tellCertified(session: BrokerSession, change: CertifiedChange): void {
  if (change.certified.length > 0) session.ask(change);
}

export const fleetFeature: SessionFeature = {
  open() {
    useFleetStore.getState().reset();
    /** The frame's fold: its chunks and its commit run in one go, so nothing comes between. */
    let pending: FleetFold | null = null;
    let closed = false;
    const batcher = createFrameBatcher<ReadMessage>({
      process(chunk) {
        (pending ??= startFold(useFleetStore.getState().fleet)).fold(chunk);
      },
      commit() {
        if (pending) useFleetStore.getState().setFleet(pending.done());
        pending = null;
      },
      commitIntervalMs: () =>
        Math.min(MAX_COMMIT_INTERVAL_MS, useFleetStore.getState().kiosks.size / KIOSKS_PER_MS),
      onDrop: (count) => useFleetStore.getState().addDropped(count),
    });
    return {
      routes: [
        route(FRAME_KINDS, (messages) => {
          for (const message of messages) {
            // A good chunk is its transfer's (kiosks/diagnostics); a bad one is counted here.
            if (message.kind === 'diagnostics-chunk' && message.chunk) continue;
            batcher.push(message);
          }
        }),
      ],
      answered(answer) {
        // The fleet's part of the worker is the one that answers (fleet-worker.ts).
        if (!closed) useFleetStore.getState().setView(answer as FleetViewChange);
      },
      close() {
        closed = true;
        batcher.clear();
      },
    };
  },
};
