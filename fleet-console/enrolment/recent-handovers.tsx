import { useEffect, useId, useState } from 'react';
import { formatClock } from '../lib/format';
import { handoversAnswerSchema, readAnswer, type Handover } from '../service/service-answers';
import { sessionLost, useServiceSession } from '../service/service-session';

/** How often the list is asked for again while signed in. */
export const RECENT_EVERY_MS = 15_000;
export const RECENT_HANDOVERS = 50;

const MODES: Readonly<Record<Handover['mode'], string>> = {
  online: '',
  offline: ' (offline)',
  override: ' (staff’s decision)',
};

/** The shop's newest handovers, from every counter, as the shop service holds them. */
export function RecentHandovers() {
  const id = useId();
  const client = useServiceSession((state) => state.client);
  const signedIn = useServiceSession((state) => state.phase === 'signed-in');
  const [handovers, setHandovers] = useState<readonly Handover[] | null>(null);

  useEffect(() => {
    if (!client || !signedIn) return;
    let live = true;
    const fetchNow = async (): Promise<void> => {
      const reply = await client.request('GET', `/handovers?limit=${RECENT_HANDOVERS}`);
      if (!live) return;
      if (reply.kind === 'answer' && reply.status === 401) sessionLost();
      const answer =
        reply.kind === 'answer' && reply.status === 200
          ? readAnswer(handoversAnswerSchema, reply.body)
          : null;
      if (answer) setHandovers(answer.handovers);
    };
    void fetchNow();
    const timer = setInterval(() => void fetchNow(), RECENT_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [client, signedIn]);

  return (
    <section aria-labelledby={`${id}-title`} className="card p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Recent handovers
      </h2>
      {handovers === null ? (
        <p className="mt-1 text-muted">Read from the shop service once this page is signed in.</p>
      ) : handovers.length === 0 ? (
        <p className="mt-1 text-muted">No order has been handed over yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {handovers.map((handover) => (
            <li
              key={`${handover.kioskId}/${handover.receiptId}`}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5"
            >
              <span className="min-w-0 break-all">
                <span className="font-semibold">{handover.receiptId}</span>{' '}
                <span className="text-sm text-muted">· kiosk {handover.kioskId}</span>
              </span>
              <span className="text-sm">
                {handover.counter}, {formatClock(handover.at)}
                {MODES[handover.mode]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
