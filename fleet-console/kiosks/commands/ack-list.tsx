import { memo, useState } from 'react';
import type { SentCommand } from '../../fleet/fleet-state';
import type { AckView } from '../../protocol/ack-view';
import { formatTime } from '../../lib/format';
import { describeAcks } from './ack-summary';
import { deliveryOf } from './command-delivery';
import { useAckDeadline } from './use-ack-deadline';

/** More than this many acknowledgements are counted, not listed: errors are listed first. */
const LISTED = 50;

/** Errors first, then by kiosk id. */
const listedBefore = ([a, x]: [string, AckView], [b, y]: [string, AckView]): number =>
  Number(x.ok) - Number(y.ok) || (a < b ? -1 : 1);

/**
 * The first LISTED acknowledgements in listed order, without sorting them all: a
 * fleet-wide command's ten thousand acks are one pass, with a short sorted list kept.
 */
export function firstListed(acks: ReadonlyMap<string, AckView>): [string, AckView][] {
  const kept: [string, AckView][] = [];
  for (const entry of acks) {
    const last = kept.at(-1);
    if (kept.length === LISTED && last && listedBefore(entry, last) >= 0) continue;
    let at = kept.length;
    while (at > 0 && listedBefore(entry, kept[at - 1] as [string, AckView]) < 0) at -= 1;
    kept.splice(at, 0, entry);
    if (kept.length > LISTED) kept.pop();
  }
  return kept;
}

function AckRows({ command }: { command: SentCommand }) {
  const acks = firstListed(command.acks);
  const hidden = command.acks.size - acks.length;
  return (
    <>
      <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
        {acks.map(([kioskId, ack]) => (
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

function anyRefused(acks: ReadonlyMap<string, AckView>): boolean {
  for (const ack of acks.values()) if (!ack.ok) return true;
  return false;
}

/** One sent command and its acknowledgements as they arrive. */
export const SentCommandItem = memo(function SentCommandItem({
  command,
}: {
  command: SentCommand;
}) {
  const deadline = useAckDeadline(command);
  // The rows are worked out only while they are open: acks arrive by the thousand.
  const [open, setOpen] = useState(false);
  const failed =
    command.problem !== null ||
    anyRefused(command.acks) ||
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
        <details className="mt-1" onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
            Acknowledgements ({command.acks.size})
          </summary>
          {open && <AckRows command={command} />}
        </details>
      )}
    </li>
  );
});
