/**
 * This page as the watching console of its rollouts: once a second, each rollout whose
 * lease this page holds is ticked (engine/rollout-driver.ts), and what it decides is
 * published, signed with the config key loaded for the session. Without the key nothing is
 * ticked and the lease is not renewed, so the rollout pauses where it is: a step is never
 * recorded as delivered by a console that could not sign it.
 *
 * One tick at a time, and none on a state older than the one this page last published (the
 * broker echoes it back a moment later), so a step is never delivered twice.
 */
import { useEffect, useRef } from 'react';
import type { Advance } from './engine/rollout-controller';
import { carryOut, tickRollout, type RolloutPublisher } from './engine/rollout-driver';
import { observationsFor } from './engine/rollout-observations';
import { holdsLease } from './engine/rollout-state';
import type { RolloutWatch } from './engine/rollout-watch';
import { kioskConfigTopic } from '@shared/fleet/topics';
import type { BrokerSession } from '../connection/broker-session-handle';
import { useBrokerSession } from '../connection/connection-store';
import type { ConfigKeyCrypto } from './config-key';
import { useRolloutStore } from './rollout-store';

export interface SessionKey {
  key: CryptoKey;
  publicKey: string;
}

/** This page's id as a rollout's watcher: kept for the tab, so a reload watches on. */
export function consoleHolderId(): string {
  const name = 'kiosk-shop.console-id';
  try {
    const kept = sessionStorage.getItem(name);
    if (kept) return kept;
    const made = `console-${crypto.randomUUID().slice(0, 8)}`;
    sessionStorage.setItem(name, made);
    return made;
  } catch {
    return `console-${crypto.randomUUID().slice(0, 8)}`;
  }
}

export function publisherFor(
  session: BrokerSession,
  watch: RolloutWatch,
  key: SessionKey,
  subtle: ConfigKeyCrypto,
): RolloutPublisher<CryptoKey> {
  return {
    prefix: session.prefix,
    publish: (topic, payload, retain) => session.publish(topic, payload, { retain }),
    key: key.key,
    subtle,
    publicKey: key.publicKey,
    currentVersion: (kioskId) => watch.previous(kioskId).version,
    now: Date.now,
  };
}

/** The revision this page last published for each rollout. */
const publishedRevisions = new Map<string, number>();

/** Publishes a move this page made (start, resume, stop, roll back), remembering its revision. */
export async function publishMove(
  advance: Advance,
  publisher: RolloutPublisher<CryptoKey>,
): Promise<void> {
  publishedRevisions.set(advance.state.plan.id, advance.state.revision);
  await carryOut(advance, publisher);
}

export function useRolloutDriver(
  holder: string,
  key: SessionKey | null,
  subtle: ConfigKeyCrypto | null,
  onProblem: (problem: string) => void,
): void {
  const session = useBrokerSession();
  const busy = useRef(false);

  useEffect(() => {
    if (!session || !key || !subtle) return;
    const tick = async () => {
      if (busy.current) return;
      busy.current = true;
      try {
        const { watch } = useRolloutStore.getState();
        const publisher = publisherFor(session, watch, key, subtle);
        for (const state of watch.rollouts().values()) {
          const now = Date.now();
          if (!state || !holdsLease(state, holder, now)) continue;
          if (state.revision < (publishedRevisions.get(state.plan.id) ?? -1)) continue;
          const advance = tickRollout({
            state,
            fleet: watch.fleet(),
            previous: (kioskId) => watch.previous(kioskId),
            observations: observationsFor(state.delivered, watch.kiosks()),
            configTopic: (kioskId) => kioskConfigTopic(session.prefix, kioskId),
            now,
            holder,
          });
          if (!advance) continue;
          publishedRevisions.set(state.plan.id, advance.state.revision);
          await carryOut(advance, publisher);
        }
      } catch (error) {
        onProblem(error instanceof Error ? error.message : String(error));
      } finally {
        busy.current = false;
      }
    };
    const timer = setInterval(() => void tick(), 1000);
    return () => clearInterval(timer);
  }, [session, key, subtle, holder, onProblem]);
}
