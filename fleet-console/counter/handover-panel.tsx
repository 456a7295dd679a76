import type { ReactNode } from 'react';
import { claimInterrupted, type HandoverState, type QueuedHandover } from './handover-desk';
import { formatSameDayClock } from '../lib/format';
import { receiptKey } from '../trust/trust-state';
import { useTrustStore } from '../trust/trust-store';
import { useHandoverQueue } from './handover-service';
import type { Handover } from './use-handover';

interface HandoverPanelProps {
  handover: Handover;
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

function AnywayButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button type="button" className="btn-secondary w-full sm:w-auto" onClick={onClick}>
      {label}
    </button>
  );
}

/** What the broker holds about the receipt, in words staff can act on. */
function Found({
  found,
  handover,
  now,
}: {
  found: Exclude<HandoverState, { state: 'none' }>;
  handover: Handover;
  now: () => number;
}) {
  if (found.state === 'collected') {
    const { counter, at, offline, override } = found.record;
    const how = offline
      ? ' (while that counter was offline)'
      : override
        ? ' (staff’s decision)'
        : '';
    return (
      <Notice tone="stop">
        Already collected at {counter}, {formatSameDayClock(at, now())}
        {how}. {DO_NOT}
      </Notice>
    );
  }
  if (found.state === 'claimed' && !claimInterrupted(found.claim, found.seenSince, now())) {
    return (
      <Notice tone="stop">
        Being handed over at {found.claim.counter} right now (since{' '}
        {formatSameDayClock(found.claim.at, now())}
        ). Do not hand it over here.
      </Notice>
    );
  }
  const what =
    found.state === 'claimed'
      ? `A handover at ${found.claim.counter} was interrupted (${formatSameDayClock(found.claim.at, now())})`
      : 'The broker holds an unreadable record for this order';
  return (
    <div className="flex flex-col gap-3">
      <Notice tone="warn">
        {what}: it cannot be confirmed whether the goods were handed over. Check with that counter
        before you decide.
      </Notice>
      <AnywayButton label="Hand over anyway" onClick={() => handover.handOverAnyway('override')} />
    </div>
  );
}

/** The handover of a verified receipt: whether it may be handed over, and the button. */
export function HandoverPanel({ handover, now }: HandoverPanelProps) {
  const { view } = handover;
  switch (view.phase) {
    case 'looking':
      return <p className="text-muted">Checking whether it was already collected…</p>;
    case 'handing-over':
      return <p className="text-muted">Recording the handover…</p>;
    case 'queued':
      return <Queued entry={view.entry} />;
    case 'handed': {
      const { result } = view;
      if (result.kind === 'handed-over') {
        return (
          <Notice tone="go">
            Hand over the goods. Recorded at {formatSameDayClock(result.at)}
            {result.recorded
              ? ''
              : ' on this counter; it is sent to the broker when the link returns'}
            .
          </Notice>
        );
      }
      if (result.kind === 'refused') {
        return <Found found={result.found} handover={handover} now={now} />;
      }
      return <Unconfirmed why={result.why} handover={handover} />;
    }
    case 'looked': {
      const { result } = view;
      if (result.state === 'none') {
        return (
          <button
            type="button"
            className="btn-primary w-full sm:w-auto"
            onClick={handover.handOver}
          >
            Hand over
          </button>
        );
      }
      if (result.state === 'queued') {
        return (
          <Notice tone="stop">
            Already handed over here at {formatSameDayClock(result.entry.at)} (not yet recorded on
            the broker). {DO_NOT}
          </Notice>
        );
      }
      if (result.state === 'unreachable')
        return <Unconfirmed why={result.why} handover={handover} />;
      return <Found found={result} handover={handover} now={now} />;
    }
  }
}

function Unconfirmed({ why, handover }: { why: string; handover: Handover }) {
  return (
    <div className="flex flex-col gap-3">
      <Notice tone="warn">
        Cannot confirm that this order was not already collected ({why}). Hand it over only if you
        are sure; it is recorded on the broker as soon as it can be.
      </Notice>
      <AnywayButton label="Hand over anyway" onClick={() => handover.handOverAnyway('offline')} />
    </div>
  );
}

/** A handover staff made without the broker's word: waiting, recorded, or in conflict. */
function Queued({ entry }: { entry: QueuedHandover }) {
  const waiting = useHandoverQueue((state) => state.queued.includes(entry));
  const conflict = useTrustStore((state) =>
    state.trust.conflicts.get(receiptKey(entry.kioskId, entry.receiptId)),
  );
  if (waiting) {
    return (
      <Notice tone="go">
        Handed over here at {formatSameDayClock(entry.at)}. The broker does not have it yet: it is
        sent as soon as the link returns.
      </Notice>
    );
  }
  if (conflict) {
    return (
      <Notice tone="stop">
        Handed over here at {formatSameDayClock(entry.at)}, but it had already been{' '}
        {conflict.conflict.found.state === 'collected' ? 'collected' : 'claimed'} at{' '}
        {conflict.conflict.found.counter}, {formatSameDayClock(conflict.conflict.found.at)}: see
        “Handed over twice”.
      </Notice>
    );
  }
  return (
    <Notice tone="go">
      Handed over here at {formatSameDayClock(entry.at)}, and now recorded on the broker.
    </Notice>
  );
}
