import { useState } from 'react';
import { handoverConflictTopic } from '@shared/fleet/trust/trust-topics';
import { useBrokerSession } from '../connection/connection-store';
import { formatClock } from '../lib/format';
import { useTrustStore } from '../trust/trust-store';

/**
 * Orders handed over twice: a counter that handed one over while offline found, when its
 * link returned, that another counter had already collected it (or was collecting it).
 * Reported on the broker, so staff at every counter and the operator see the same list;
 * dismissing one clears it from the broker for everyone.
 */
export function HandoverConflicts() {
  const conflicts = useTrustStore((state) => state.trust.conflicts);
  const session = useBrokerSession();
  const [problem, setProblem] = useState<string | null>(null);
  if (conflicts.size === 0) return null;

  const dismiss = (kioskId: string, receiptId: string) => {
    if (!session) return;
    setProblem(null);
    session
      .publish(handoverConflictTopic(session.prefix, kioskId, receiptId), '', { retain: true })
      .catch((error: unknown) => {
        setProblem(error instanceof Error ? error.message : 'The broker did not take it');
      });
  };

  const rows = [...conflicts.values()].sort(
    (a, b) => b.conflict.reportedAt - a.conflict.reportedAt,
  );
  return (
    <section aria-labelledby="conflicts-title" className="card border-sale-700/30 p-5">
      <h2 id="conflicts-title" className="text-lg font-bold text-sale-700">
        Handed over twice ({rows.length})
      </h2>
      <p className="mt-1 text-sm text-muted">
        These orders were handed over while a counter could not reach the broker, and had already
        been collected elsewhere. Check them with the shoppers and counters named.
      </p>
      <ul className="mt-3 divide-y divide-slate-100">
        {rows.map(({ kioskId, receiptId, conflict }) => (
          <li
            key={`${kioskId}/${receiptId}`}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <div className="min-w-0">
              <p className="font-semibold break-all">
                {receiptId} <span className="font-normal text-muted">· kiosk {kioskId}</span>
              </p>
              <p className="text-sm">
                {conflict.found.state === 'collected' ? 'Collected' : 'Being handed over'} at{' '}
                {conflict.found.counter}, {formatClock(conflict.found.at)}; handed over again at{' '}
                {conflict.counter}, {formatClock(conflict.at)} (offline).
              </p>
            </div>
            <button
              type="button"
              className="btn-secondary shrink-0"
              onClick={() => dismiss(kioskId, receiptId)}
              aria-label={`Dismiss the conflict of ${receiptId}`}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className="mt-2 text-sm font-semibold text-sale-700">
          Could not dismiss it: {problem}.
        </p>
      )}
    </section>
  );
}
