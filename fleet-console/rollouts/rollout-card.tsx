import { useId, useState } from 'react';
import { gateOf } from './engine/rollout-controller';
import { observationsFor } from './engine/rollout-observations';
import { shownPhase, type RolloutPhase, type RolloutState } from './engine/rollout-state';
import type { RolloutWatch } from './engine/rollout-watch';
import { kioskConfigTopic } from '@shared/fleet/topics';
import { describeSelector } from './rollout-form';

const PHASE_WORDS: Record<RolloutPhase, string> = {
  running: 'Running',
  'waiting-for-gate': 'Waiting for the health gate',
  widening: 'Widening',
  paused: 'Paused: nobody watches it',
  stopped: 'Stopped',
  'rolled-back': 'Rolled back',
  done: 'Done',
};

const PHASE_STYLE: Record<RolloutPhase, string> = {
  running: 'bg-brand-50 text-brand-800',
  'waiting-for-gate': 'bg-brand-50 text-brand-800',
  widening: 'bg-brand-50 text-brand-800',
  paused: 'bg-amber-100 text-amber-900',
  stopped: 'bg-amber-100 text-amber-900',
  'rolled-back': 'bg-sale-50 text-sale-700',
  done: 'bg-emerald-50 text-emerald-800',
};

export interface RolloutCardProps {
  state: RolloutState;
  watch: RolloutWatch;
  prefix: string;
  holder: string;
  now: number;
  canSign: boolean;
  onResume: () => void;
  onStop: () => void;
  onRollBack: () => void;
}

/** Each step: whom it reaches, and how many received, acked, are healthy, failing, pending. */
function StepTable({ state, gate }: { state: RolloutState; gate: ReturnType<typeof gateOf> }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm tabular">
        <caption className="sr-only">Progress per step of {state.plan.title}</caption>
        <thead>
          <tr className="text-muted">
            <th scope="col" className="py-2 pr-4">
              Step
            </th>
            <th scope="col" className="py-2 pr-4">
              Reaches
            </th>
            <th scope="col" className="py-2 pr-4">
              Received
            </th>
            <th scope="col" className="py-2 pr-4">
              Acked
            </th>
            <th scope="col" className="py-2 pr-4">
              Healthy
            </th>
            <th scope="col" className="py-2 pr-4">
              Failing
            </th>
            <th scope="col" className="py-2">
              Pending
            </th>
          </tr>
        </thead>
        <tbody>
          {state.plan.steps.map((selector, index) => {
            const counts = gate.perStep[index];
            return (
              <tr
                key={index}
                className="border-t border-slate-100"
                aria-current={index === state.step ? 'step' : undefined}
              >
                <th scope="row" className="py-2 pr-4 font-semibold">
                  {index + 1}
                  {index === state.step ? ' (now)' : ''}
                </th>
                <td className="py-2 pr-4">{describeSelector(selector)}</td>
                <td className="py-2 pr-4">{counts?.received ?? 0}</td>
                <td className="py-2 pr-4">{counts?.acked ?? 0}</td>
                <td className="py-2 pr-4">{counts?.healthy ?? 0}</td>
                <td className={`py-2 pr-4 ${counts?.failing ? 'font-bold text-sale-700' : ''}`}>
                  {counts?.failing ?? 0}
                </td>
                <td className="py-2">{counts?.pending ?? 0}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Resume, stop or roll back (after a confirmation) a rollout not yet finished. */
function RolloutActions({
  phase,
  delivered,
  canSign,
  onResume,
  onStop,
  onRollBack,
}: {
  phase: RolloutPhase;
  /** How many kiosks received it (a roll back reaches them all). */
  delivered: number;
  canSign: boolean;
  onResume: () => void;
  onStop: () => void;
  onRollBack: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap gap-3">
      {(phase === 'paused' || phase === 'stopped') && (
        <button type="button" className="btn-primary" disabled={!canSign} onClick={onResume}>
          Resume
        </button>
      )}
      {phase !== 'stopped' && (
        <button type="button" className="btn-secondary" onClick={onStop}>
          Stop
        </button>
      )}
      {confirming ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-sale-50 p-3">
          <p className="font-semibold">
            Give the {delivered} kiosks that received it their previous config?
          </p>
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              setConfirming(false);
              onRollBack();
            }}
          >
            Yes, roll back
          </button>
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn-secondary"
          disabled={!canSign}
          onClick={() => setConfirming(true)}
        >
          Roll back
        </button>
      )}
      {!canSign && (
        <p className="self-center text-sm text-muted">
          Load the config key to resume or roll back.
        </p>
      )}
    </div>
  );
}

export function RolloutCard(props: RolloutCardProps) {
  const { state, watch, prefix, holder, now } = props;
  const titleId = useId();
  const phase = shownPhase(state, now);
  // Done with a reason: kiosks it reaches never got it (the reason names them).
  const leftOut = phase === 'done' && state.reason !== null;
  const finished = phase === 'done' || phase === 'rolled-back';
  const gate = gateOf({
    state,
    fleet: watch.fleet(),
    observations: observationsFor(state.delivered, watch.kiosks()),
    configTopic: (kioskId) => kioskConfigTopic(prefix, kioskId),
    now,
  });
  const watcher =
    state.lease && state.lease.until > now
      ? state.lease.holder === holder
        ? 'this console'
        : state.lease.holder
      : null;
  const what =
    state.plan.payload.kind === 'config'
      ? `config ${JSON.stringify(state.plan.payload.keys)}`
      : `app version ${state.plan.payload.version}`;

  return (
    <li className="card flex flex-col gap-3 p-5" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h3 id={titleId} className="text-lg font-bold">
          {state.plan.title}{' '}
          <span className="font-mono text-sm font-normal text-muted">{state.plan.id}</span>
        </h3>
        <p
          className={`rounded-full px-3 py-1 text-sm font-semibold ${
            leftOut ? PHASE_STYLE.stopped : PHASE_STYLE[phase]
          }`}
        >
          {leftOut ? 'Done, kiosks left out' : PHASE_WORDS[phase]}
        </p>
      </div>
      <p className="text-sm wrap-anywhere">
        Rolls out <span className="font-mono">{what}</span> to {describeSelector(state.plan.scope)}:
        step {state.step + 1} of {state.plan.steps.length}. Gate: {state.plan.gate.windowSeconds} s
        window, {state.plan.gate.maxFailing} failing allowed, {state.plan.gate.crashLoopRestarts}{' '}
        restarts are a crash loop.{' '}
        {finished ? '' : watcher ? `Watched by ${watcher}.` : 'Nobody watches it.'}
      </p>
      {state.reason && (
        <p className="rounded-lg bg-slate-100 p-3 text-sm font-semibold">{state.reason}</p>
      )}
      <StepTable state={state} gate={gate} />
      {gate.failing.length > 0 && (
        <p className="text-sm">
          <span className="font-semibold text-sale-700">Failing:</span>{' '}
          {gate.failing.map((entry) => `${entry.kioskId} (${entry.why})`).join(', ')}
        </p>
      )}
      {gate.left.length > 0 && (
        <p className="text-sm">
          <span className="font-semibold">No longer in its scope</span> (their certificate moved
          them; they decide nothing): {gate.left.join(', ')}
        </p>
      )}
      {phase === 'paused' && (
        <p className="text-sm font-semibold text-amber-900">
          Nobody has watched this rollout since{' '}
          {new Date(state.lease?.until ?? state.updatedAt).toLocaleTimeString()}: it stays at step{' '}
          {state.step + 1} and widens only once an operator resumes it.
        </p>
      )}
      {!finished && (
        <RolloutActions
          phase={phase}
          delivered={state.delivered.length}
          canSign={props.canSign}
          onResume={props.onResume}
          onStop={props.onStop}
          onRollBack={props.onRollBack}
        />
      )}
    </li>
  );
}
