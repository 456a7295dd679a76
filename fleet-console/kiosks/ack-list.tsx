import { memo } from 'react';
import type { SentCommand } from '../fleet/fleet-state';
import { formatTime } from '../lib/format';
import { describeAcks } from './ack-summary';
import { deliveryOf } from './command-delivery';
import { useAckDeadline } from './use-ack-deadline';

/** More than this many acknowledgements are counted, not listed: errors are listed first. */
const LISTED = 50;

function AckRows({ command }: { command: SentCommand }) {
  const acks = [...command.acks.entries()].sort(
    ([a, x], [b, y]) => Number(x.ok) - Number(y.ok) || (a < b ? -1 : 1),
  );
  const hidden = acks.length - LISTED;
  return (
    <>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
        {acks.slice(0, LISTED).map(([kioskId, ack]) => (
          <li key={kioskId} className="flex flex-wrap items-baseline gap-x-3 px-3 py-1.5">
            <span className="font-mono">{kioskId}</span>
            {ack.ok ? (
              <span className="font-semibold text-emerald-800">OK</span>
            ) : (
              <span className="font-semibold text-sale-700">Error: {ack.error}</span>
            )}
            {ack.at !== null && <span className="ml-auto text-muted">{formatTime(ack.at)}</span>}
          </li>
        ))}
      </ul>
      {hidden > 0 && <p className="mt-1 text-sm text-muted">and {hidden} more (counted above)</p>}
    </>
  );
}

/** One sent command and its acknowledgements as they arrive. */
export const SentCommandItem = memo(function SentCommandItem({
  command,
}: {
  command: SentCommand;
}) {
  const deadline = useAckDeadline(command);
  const failed =
    command.problem !== null ||
    [...command.acks.values()].some((ack) => !ack.ok) ||
    (deadline !== undefined && deliveryOf(command, deadline).state === 'not-delivered');
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-mono font-semibold">{command.command}</span>
        <span className="text-sm text-muted">
          to {command.target === 'all' ? 'all kiosks' : command.target} at{' '}
          {formatTime(command.sentAt)}
        </span>
      </p>
      <p className={`mt-1 text-sm font-semibold ${failed ? 'text-sale-700' : 'text-ink'}`}>
        {describeAcks(command, deadline)}
      </p>
      {command.acks.size > 0 && (
        <details className="mt-1">
          <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
            Acknowledgements ({command.acks.size})
          </summary>
          <AckRows command={command} />
        </details>
      )}
    </li>
  );
});
