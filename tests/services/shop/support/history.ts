/**
 * A history checker in Jepsen's manner: every claim a counter sent is recorded with its
 * start and end times and what it was told (or that it was told nothing: the connection
 * broke). Afterwards the database's handovers are read and held against the history:
 * every handover a counter was told it made is in the database under its id, no receipt
 * has two winners, every loser was shown the handover that was kept, and the database
 * holds no handover that no counter asked for.
 */

export type Outcome =
  /** Told to hand over (201, or 200 for a repeat of its own handover). */
  | 'won'
  /** Told another counter had it (409), with that handover's id. */
  | 'lost'
  /** No answer: the service went away mid-request, or answered 5xx. */
  | 'unknown';

export interface Operation {
  counter: string;
  receipt: string;
  handoverId: string;
  start: number;
  end: number;
  outcome: Outcome;
  /** For `lost`: the id of the handover the counter was shown. */
  shown?: string;
  /** For `unknown`: the status the service answered with; none when it did not answer. */
  status?: number;
}

/** The checker's findings: empty when the history is consistent with the database. */
export function checkHistory(
  history: readonly Operation[],
  stored: ReadonlyMap<string, string>,
): string[] {
  const problems: string[] = [];
  const winners = new Map<string, Set<string>>();
  const asked = new Map<string, Set<string>>();
  for (const op of history) {
    asked.set(op.receipt, (asked.get(op.receipt) ?? new Set()).add(op.handoverId));
    const kept = stored.get(op.receipt);
    if (op.outcome === 'won') {
      winners.set(op.receipt, (winners.get(op.receipt) ?? new Set()).add(op.handoverId));
      if (kept !== op.handoverId) {
        problems.push(
          `${op.receipt}: ${op.counter} was told to hand over (${op.handoverId}) but the database holds ${kept ?? 'nothing'}`,
        );
      }
    }
    if (op.outcome === 'lost' && op.shown !== kept) {
      problems.push(
        `${op.receipt}: ${op.counter} was shown ${op.shown ?? '?'} but the database holds ${kept ?? 'nothing'}`,
      );
    }
  }
  for (const [receipt, ids] of winners) {
    if (ids.size > 1) problems.push(`${receipt}: ${ids.size} counters were told to hand over`);
  }
  for (const [receipt, id] of stored) {
    if (!asked.get(receipt)?.has(id))
      problems.push(`${receipt}: the database holds ${id}, which no counter sent`);
  }
  return problems;
}

/** How many operations had each outcome. */
export function tally(history: readonly Operation[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { won: 0, lost: 0, unknown: 0 };
  for (const op of history) counts[op.outcome] += 1;
  return counts;
}

export interface Refusals {
  /** Claims answered with a status other than a verdict (503 while the database was away). */
  refused: number;
  /** Claims that got no answer at all (the connection broke, or the wait timed out). */
  unanswered: number;
  /** The statuses of the refused claims, with how many each. */
  statuses: Record<string, number>;
  /**
   * The longest span in which claims were sent and none got a verdict: from the start of the
   * first claim refused after a verdict to the end of the next claim given one. 0 when no
   * claim was refused.
   */
  longestMs: number;
  /** When that span began and ended (ms since the epoch), or null. */
  longest: { from: number; to: number } | null;
}

/** How long, and how often, the service refused to decide claims. */
export function refusals(history: readonly Operation[]): Refusals {
  const statuses: Record<string, number> = {};
  let refused = 0;
  let unanswered = 0;
  let longest: Refusals['longest'] = null;
  let runFrom: number | null = null;
  for (const op of [...history].sort((a, b) => a.end - b.end)) {
    if (op.outcome === 'unknown') {
      if (op.status === undefined) unanswered += 1;
      else {
        refused += 1;
        statuses[op.status] = (statuses[op.status] ?? 0) + 1;
      }
      runFrom = Math.min(runFrom ?? op.start, op.start);
      continue;
    }
    if (runFrom !== null) {
      if (longest === null || op.end - runFrom > longest.to - longest.from) {
        longest = { from: runFrom, to: op.end };
      }
      runFrom = null;
    }
  }
  return {
    refused,
    unanswered,
    statuses,
    longestMs: longest === null ? 0 : longest.to - longest.from,
    longest,
  };
}
