import { useEffect, useId, useState } from 'react';
import { announce } from '@web-shared/ui/announcer';
import {
  resumeRollout,
  rollBackRollout,
  startRollout,
  stopRollout,
  type Advance,
} from './engine/rollout-controller';
import { publishState } from './engine/rollout-driver';
import type { RolloutWatch } from './engine/rollout-watch';
import type { RolloutPlan, RolloutState } from './engine/rollout-state';
import { useBrokerSession } from '../connection/connection-store';
import { pageSubtle } from '../lib/page-crypto';
import type { ConfigKeyCrypto } from './config-key';
import { ConfigKeyPanel, type ConfigKeyState } from './config-key-panel';
import { RolloutCard } from './rollout-card';
import { useRolloutStore } from './rollout-store';
import { StartRolloutForm } from './start-rollout-form';
import { consoleHolderId, publishMove, publisherFor, useRolloutDriver } from './use-rollout-driver';

/** The page's WebCrypto with what loading and signing need. */
const webCrypto = (): ConfigKeyCrypto | null => (pageSubtle() ? crypto.subtle : null);

/** The time an operator's action is made at (read in handlers, never while drawing). */
const clock = (): number => Date.now();

function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Every rollout the broker holds, newest first; one whose state cannot be read says so. */
function RolloutList({
  rollouts,
  watch,
  prefix,
  holder,
  now,
  canSign,
  onResume,
  onStop,
  onRollBack,
}: {
  rollouts: readonly (readonly [string, RolloutState | null | undefined])[];
  watch: RolloutWatch;
  prefix: string;
  holder: string;
  now: number;
  canSign: boolean;
  onResume: (state: RolloutState) => void;
  onStop: (state: RolloutState) => void;
  onRollBack: (state: RolloutState) => void;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-bold">
        Rollouts on the broker
      </h2>
      {rollouts.length === 0 ? (
        <p className="text-muted">No rollout yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {rollouts.map(([id, state]) =>
            state ? (
              <RolloutCard
                key={id}
                state={state}
                watch={watch}
                prefix={prefix}
                holder={holder}
                now={now}
                canSign={canSign}
                onResume={() => onResume(state)}
                onStop={() => onStop(state)}
                onRollBack={() => onRollBack(state)}
              />
            ) : (
              <li key={id} className="card p-5 text-sm">
                <span className="font-mono">{id}</span>: this rollout’s state on the broker cannot
                be read, so nothing drives it.
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

export function RolloutsView() {
  const session = useBrokerSession();
  const watch = useRolloutStore((state) => state.watch);
  useRolloutStore((state) => state.revision);
  const now = useNow();
  const [holder] = useState(consoleHolderId);
  const [subtle] = useState(webCrypto);
  const [key, setKey] = useState<ConfigKeyState>({ kind: 'none' });
  const [problem, setProblem] = useState<string | null>(null);
  const loaded = key.kind === 'loaded' ? key : null;
  useRolloutDriver(holder, loaded, subtle, setProblem);

  /** Makes a move at the moment the operator asks for it, and publishes it. */
  const act = async (make: (now: number) => Advance | null, words: string) => {
    const move = make(clock());
    if (!move || !session) return;
    try {
      if (move.actions.length > 0) {
        if (!loaded || !subtle) return;
        await publishMove(move, publisherFor(session, watch, loaded, subtle));
      } else {
        await publishState(move.state, {
          prefix: session.prefix,
          publish: (topic, payload, retain) => session.publish(topic, payload, { retain }),
          key: null,
          subtle: { sign: () => Promise.reject(new Error('nothing to sign')) },
          publicKey: null,
          currentVersion: () => 0,
          now: Date.now,
        });
      }
      setProblem(null);
      announce(words);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  const stateOnly = (state: RolloutState | null): Advance | null =>
    state ? { state, actions: [] } : null;

  const start = (plan: RolloutPlan) =>
    act((now) => stateOnly(startRollout(plan, holder, now)), `Rollout ${plan.title} started`);
  const onResume = (state: RolloutState) =>
    act(
      (now) => stateOnly(resumeRollout(state, holder, now)),
      `Rollout ${state.plan.title} resumed`,
    );
  const onStop = (state: RolloutState) =>
    act(
      (now) => stateOnly(stopRollout(state, now, `Stopped by ${holder}`)),
      `Rollout ${state.plan.title} stopped`,
    );
  const onRollBack = (state: RolloutState) =>
    act(
      (now) => rollBackRollout(state, now, `Rolled back by ${holder}`),
      `Rollout ${state.plan.title} rolled back`,
    );

  const rollouts = [...watch.rollouts().entries()].sort(
    ([, a], [, b]) => (b?.plan.createdAt ?? 0) - (a?.plan.createdAt ?? 0),
  );
  const canSign = loaded !== null && subtle !== null && session !== null;

  return (
    <div className="mx-auto flex max-w-[1840px] flex-col gap-6 px-4 py-6 lg:px-8">
      <h1 className="text-2xl font-bold">Staged rollouts</h1>
      {problem && (
        <p role="alert" className="rounded-lg bg-sale-50 p-3 font-semibold text-sale-700">
          {problem}
        </p>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="flex flex-col gap-6">
          <ConfigKeyPanel subtle={subtle} state={key} onChange={setKey} />
          <StartRolloutForm canStart={canSign} onStart={start} />
        </div>
        <RolloutList
          rollouts={rollouts}
          watch={watch}
          prefix={session?.prefix ?? 'kiosk-shop'}
          holder={holder}
          now={now}
          canSign={canSign}
          onResume={(state) => void onResume(state)}
          onStop={(state) => void onStop(state)}
          onRollBack={(state) => void onRollBack(state)}
        />
      </div>
    </div>
  );
}
