import { useCallback, useEffect, useState } from 'react';
import { formatClock } from '../lib/format';
import {
  conflictAnswerSchema,
  conflictsAnswerSchema,
  readAnswer,
  type Conflict,
} from '../service/service-answers';
import { sessionLost, useServiceSession } from '../service/service-session';
import { useOutbox } from './handover-outbox';

/** How often the list is asked for again while signed in. */
export const CONFLICTS_EVERY_MS = 15_000;

/** The open conflicts at the shop service, asked for now, every while, and after each send. */
function useOpenConflicts() {
  const client = useServiceSession((state) => state.client);
  const signedIn = useServiceSession((state) => state.phase === 'signed-in');
  // A send from this page may just have filed one.
  const outcomes = useOutbox((state) => state.outcomes);
  const [conflicts, setConflicts] = useState<readonly Conflict[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (!client || !signedIn) return;
    let live = true;
    const fetchNow = async (): Promise<void> => {
      const reply = await client.request('GET', '/conflicts?open=1&limit=100');
      if (!live) return;
      if (reply.kind === 'answer' && reply.status === 401) {
        sessionLost();
        return;
      }
      const answer =
        reply.kind === 'answer' && reply.status === 200
          ? readAnswer(conflictsAnswerSchema, reply.body)
          : null;
      if (answer) {
        setConflicts(answer.conflicts);
        setProblem(null);
      } else {
        setProblem(reply.kind === 'unreachable' ? reply.why : 'its answer could not be read');
      }
    };
    void fetchNow();
    const timer = setInterval(() => void fetchNow(), CONFLICTS_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [client, signedIn, outcomes, asked]);

  const dismiss = useCallback(
    async (id: number): Promise<string | null> => {
      if (!client) return 'no shop service is set';
      const reply = await client.request('POST', `/conflicts/${id}/dismiss`);
      if (reply.kind === 'unreachable') return reply.why;
      if (reply.status === 401) {
        sessionLost();
        return 'this page is no longer signed in';
      }
      if (reply.status !== 200 || !readAnswer(conflictAnswerSchema, reply.body)) {
        return `the shop service answered HTTP ${reply.status}`;
      }
      setAsked((count) => count + 1);
      return null;
    },
    [client],
  );
  return { conflicts, problem, dismiss };
}

function describe(conflict: Conflict): string {
  const { first, second } = conflict;
  const before = first
    ? `Collected at ${first.counter}, ${formatClock(first.at)}`
    : 'Collected elsewhere';
  return `${before}; handed over again at ${second.counter}, ${formatClock(second.at)} (${second.mode === 'offline' ? 'while offline' : 'staff’s decision'}).`;
}

/**
 * Orders handed over twice: a counter that handed one over while it could not reach the
 * shop service found, once it could, that another counter had already done so. The service
 * keeps both records and lists the conflict for staff at every counter and the operator,
 * until someone dismisses it (which only marks it settled, by whom).
 */
export function HandoverConflicts() {
  const { conflicts, problem, dismiss } = useOpenConflicts();
  const [failed, setFailed] = useState<string | null>(null);
  if (conflicts.length === 0 && problem === null) return null;
  return (
    <section aria-labelledby="conflicts-title" className="card border-sale-700/30 p-5">
      <h2 id="conflicts-title" className="text-lg font-bold text-sale-700">
        Handed over twice ({conflicts.length})
      </h2>
      <p className="mt-1 text-sm text-muted">
        These orders were handed over while a counter could not reach the shop service, and had
        already been collected elsewhere. Both handovers are kept: check them with the shoppers and
        counters named.
      </p>
      {problem !== null && (
        <p className="mt-2 text-sm text-amber-900">Not up to date: {problem}.</p>
      )}
      <ul className="mt-3 divide-y divide-slate-100">
        {conflicts.map((conflict) => (
          <li key={conflict.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold break-all">
                {conflict.receiptId}{' '}
                <span className="font-normal text-muted">· kiosk {conflict.kioskId}</span>
              </p>
              <p className="text-sm">{describe(conflict)}</p>
            </div>
            <button
              type="button"
              className="btn-secondary shrink-0"
              onClick={() => {
                setFailed(null);
                void dismiss(conflict.id).then(setFailed);
              }}
              aria-label={`Dismiss the conflict of ${conflict.receiptId}`}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="mt-2 text-sm font-semibold text-sale-700">
          Could not dismiss it: {failed}.
        </p>
      )}
    </section>
  );
}
