import { memo, type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { announce } from '@web-shared/ui/announcer';
import { formatCount } from '@web-shared/lib/count';
import { useBrokerSession, useConnected } from '../../connection/connection-store';
import { useFleetStore } from '../../fleet/fleet-store';
import { SentCommandItem } from './ack-list';
import { describeAcks } from './ack-summary';
import { useAckDeadline } from './use-ack-deadline';
import { COMMAND_HINTS, COMMANDS, sendCommand, type CommandName } from './send-command';

/** Says how the newest command is doing whenever an acknowledgement for it arrives, or its time is up. */
function useAckAnnouncements(): void {
  const newest = useFleetStore((state) => state.fleet.commands[0]);
  const deadline = useAckDeadline(newest);
  const said = useRef('');
  useEffect(() => {
    if (!newest) return;
    const words = describeAcks(newest, deadline);
    if (words === said.current) return;
    said.current = words;
    announce(words);
  }, [newest, deadline]);
}

/** `online`: the kiosks online now, as the view's summary counts them. */
export const CommandPanel = memo(function CommandPanel({
  selectedId,
  online,
}: {
  selectedId: string | null;
  online: number;
}) {
  const session = useBrokerSession();
  const connected = useConnected();
  const commands = useFleetStore((state) => state.fleet.commands);
  const [target, setTarget] = useState<'all' | 'selected'>('all');
  const [command, setCommand] = useState<CommandName>('ping');
  const id = useId();
  useAckAnnouncements();

  const effectiveTarget = target === 'selected' && selectedId ? selectedId : 'all';
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (session) void sendCommand(session, command, effectiveTarget);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Send a command
      </h2>
      <form className="mt-3 flex flex-col gap-4" onSubmit={submit}>
        <fieldset>
          <legend className="text-sm font-semibold">Send to</legend>
          <div className="mt-1 flex flex-col">
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="radio"
                name={`${id}-target`}
                className="size-5 accent-brand-700"
                checked={effectiveTarget === 'all'}
                onChange={() => setTarget('all')}
              />
              All kiosks ({formatCount(online)} online)
            </label>
            <label
              className={`flex min-h-11 items-center gap-3 ${selectedId ? 'cursor-pointer' : 'text-muted'}`}
            >
              <input
                type="radio"
                name={`${id}-target`}
                className="size-5 accent-brand-700"
                disabled={!selectedId}
                checked={effectiveTarget !== 'all'}
                onChange={() => setTarget('selected')}
              />
              {selectedId ? (
                <span>
                  Selected kiosk <span className="font-mono">{selectedId}</span>
                </span>
              ) : (
                'Selected kiosk (choose one in the list)'
              )}
            </label>
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-command`} className="text-sm font-semibold">
            Command
          </label>
          <select
            id={`${id}-command`}
            className="field"
            value={command}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setCommand(event.target.value as CommandName)}
          >
            {COMMANDS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {COMMAND_HINTS[command]}
          </p>
        </div>
        <button type="submit" className="btn-primary" disabled={!session || !connected}>
          Send {command}
        </button>
      </form>
      {commands.length > 0 && (
        <>
          <h3 className="mt-5 text-base font-bold">Sent commands</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {commands.map((sent) => (
              <SentCommandItem key={sent.id} command={sent} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
});
