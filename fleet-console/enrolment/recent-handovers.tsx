import { useId } from 'react';
import { formatClock } from '../lib/format';
import { useTrustStore } from '../trust/trust-store';

/** The newest handover records on the broker, from every counter of the shop, live. */
export function RecentHandovers() {
  const id = useId();
  const handovers = useTrustStore((state) => state.trust.handovers);
  return (
    <section aria-labelledby={`${id}-title`} className="card p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Recent handovers
      </h2>
      {handovers.length === 0 ? (
        <p className="mt-1 text-muted">No order has been handed over yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {handovers.map(({ kioskId, receiptId, record }) => (
            <li
              key={`${kioskId}/${receiptId}`}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5"
            >
              <span className="min-w-0 break-all">
                <span className="font-semibold">{receiptId}</span>{' '}
                <span className="text-sm text-muted">· kiosk {kioskId}</span>
              </span>
              <span className="text-sm">
                {record.counter}, {formatClock(record.at)}
                {record.offline ? ' (offline)' : ''}
                {record.override ? ' (staff’s decision)' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
