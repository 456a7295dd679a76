import type { ReactNode } from 'react';
import { formatSameDayClock } from '../lib/format';
import type { Handover } from '../service/service-answers';
import { useOutbox, type OutboxEntry } from './handover-outbox';
import type { HandoverControls } from './use-handover';

interface HandoverPanelProps {
  handover: HandoverControls;
  /** Asks the service about the receipt again (a rescan of the same code). */
  onCheckAgain: () => void;
  now: () => number;
}

const DO_NOT = 'Do not hand it over again.';

function Notice({ tone, children }: { tone: 'stop' | 'warn' | 'go'; children: ReactNode }) {
  const tones = {
    stop: 'bg-sale-50 text-sale-700 ring-sale-700/30',
    warn: 'bg-amber-50 text-amber-900 ring-amber-700/30',
    go: 'bg-emerald-50 text-emerald-900 ring-emerald-700/30',
  } as const;
  return (
    <div role="alert" className={`rounded-xl p-4 font-semibold ring-1 ${tones[tone]}`}>
      {children}
    </div>
  );
}

/** "Already collected at Counter 2, 14:03." in this counter's time zone. */
export function collectedText(handover: Handover, now: number): string {
  const how = handover.mode === 'online' ? '' : ' (while that counter was offline)';
  return `Already collected at ${handover.counter}, ${formatSameDayClock(handover.at, now)}${how}.`;
}

/** A handover staff made without the service's word: waiting, recorded, or in conflict. */
function Queued({ entry }: { entry: OutboxEntry }) {
  const waiting = useOutbox((state) =>
    state.entries.some((one) => one.handoverId === entry.handoverId),
  );
  const outcome = useOutbox((state) => state.outcomes.get(entry.handoverId));
  const here = `Handed over here at ${formatSameDayClock(entry.at)}`;
  if (waiting || !outcome) {
    return (
      <Notice tone="go">
        {here}. The shop service does not have it yet: it is sent as soon as the service can be
        reached.
      </Notice>
    );
  }
  if (outcome.kind === 'conflict') {
    const first = outcome.conflict.first ?? outcome.handover;
    return (
      <Notice tone="stop">
        {here}, but it had already been collected at {first.counter}, {formatSameDayClock(first.at)}
        : see “Handed over twice”.
      </Notice>
    );
  }
  if (outcome.kind === 'not-taken') {
    return (
      <Notice tone="stop">
        {here}; the shop service did not take the record: {outcome.message}
      </Notice>
    );
  }
  return <Notice tone="go">{here}, and now recorded at the shop service.</Notice>;
}

/** The handover of a verified receipt: whether it may be handed over, and the buttons. */
export function HandoverPanel({ handover, onCheckAgain, now }: HandoverPanelProps) {
  const { view } = handover;
  switch (view.phase) {
    case 'ready':
      return (
        <button type="button" className="btn-primary w-full sm:w-auto" onClick={handover.handOver}>
          Hand over
        </button>
      );
    case 'handing-over':
      return <p className="text-muted">Recording the handover…</p>;
    case 'handed':
      return (
        <Notice tone="go">
          Hand over the goods. Recorded at {formatSameDayClock(view.handover.at, now())}.
        </Notice>
      );
    case 'collected':
      return (
        <Notice tone="stop">
          {collectedText(view.handover, now())} {DO_NOT}
        </Notice>
      );
    case 'refused':
      return (
        <Notice tone="stop">
          {view.refusal.title}: {view.refusal.message} Do not hand over any goods for this code.
        </Notice>
      );
    case 'queued':
      return <Queued entry={view.entry} />;
    case 'unconfirmed':
      return (
        <div className="flex flex-col gap-3">
          <Notice tone="warn">
            Cannot confirm that this order was not already collected ({view.why}). Hand it over only
            if you are sure: it is recorded at the shop service as soon as it can be reached.
          </Notice>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-secondary w-full sm:w-auto"
              onClick={handover.handOverAnyway}
            >
              Hand over anyway
            </button>
            <button
              type="button"
              className="btn-secondary w-full sm:w-auto"
              onClick={view.from === 'hand-over' ? handover.handOver : onCheckAgain}
            >
              {view.from === 'hand-over' ? 'Try again' : 'Check again'}
            </button>
          </div>
        </div>
      );
  }
}
