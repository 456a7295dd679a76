/**
 * The console's rollouts: every rollout's state as the broker holds it, and what the health
 * gate needs of every kiosk (engine/rollout-watch.ts), folded from the messages the
 * broker worker read. A revision counter tells the view when to draw again.
 */
import { create } from 'zustand';
import type { CertifiedGroups } from '@shared/fleet/trust/certified-groups';
import { createRolloutWatch, type RolloutWatch } from './engine/rollout-watch';
import type { ReadMessage } from '../protocol/read-message';

export interface RolloutStore {
  watch: RolloutWatch;
  /** Counts up whenever a rollout's state changed (kiosk messages alone do not draw). */
  revision: number;
  fold: (messages: readonly ReadMessage[]) => void;
  /**
   * The groups each kiosk's certificate names, as the console verified them; `required`:
   * the console checks certificates, so a kiosk without one is in no rollout.
   */
  certify: (certified: ReadonlyMap<string, CertifiedGroups>, required: boolean) => void;
  /** A new broker or prefix: nothing known about the old one applies. */
  reset: (prefix: string) => void;
}

/** What a rollout needs of the messages the worker read (rollout-session.ts routes them here). */
export const ROLLOUT_KINDS = ['rollout', 'rollout-cleared', 'status', 'health', 'config'] as const;

/** Folds the messages a rollout needs into `watch`; whether a rollout's state changed. */
export function foldRolloutMessages(
  watch: RolloutWatch,
  messages: readonly ReadMessage[],
): boolean {
  let changed = false;
  for (const message of messages) {
    switch (message.kind) {
      case 'rollout':
        watch.rollout(message.rolloutId, message.state);
        changed = true;
        break;
      case 'rollout-cleared':
        watch.rollout(message.rolloutId, undefined);
        changed = true;
        break;
      case 'status':
        if (message.status) {
          const { status } = message;
          watch.status(
            message.kioskId,
            status.state === 'online'
              ? { online: true, startedAt: status.startedAt, version: status.version }
              : { online: false, startedAt: null, version: null },
            message.receivedAt,
          );
        }
        break;
      case 'health':
        if (message.health) {
          const { health } = message;
          watch.health(message.kioskId, {
            at: health.at,
            version: health.version,
            config: health.config,
            update: health.update,
          });
        }
        break;
      case 'config':
        if (message.target !== 'all') watch.config(message.target, message.envelope);
        break;
      default:
        break;
    }
  }
  return changed;
}

export const useRolloutStore = create<RolloutStore>()((set, get) => ({
  watch: createRolloutWatch('kiosk-shop'),
  revision: 0,
  fold: (messages) => {
    if (foldRolloutMessages(get().watch, messages)) {
      set((state) => ({ revision: state.revision + 1 }));
    }
  },
  certify: (certified, required) => {
    get().watch.certify(certified, required);
    set((state) => ({ revision: state.revision + 1 }));
  },
  reset: (prefix) =>
    set((state) => ({ watch: createRolloutWatch(prefix), revision: state.revision + 1 })),
}));
