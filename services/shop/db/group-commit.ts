/**
 * Group commit: requests that arrive while a batch is in flight wait and go together in the
 * next one, one transaction and a few round trips for all of them (or one read, for reads),
 * instead of a transaction each. Under load that is most of the database's work and of the
 * client's per request; on a quiet service a batch holds one request and costs what a
 * single one did. One batch runs at a time.
 *
 * A request is answered only once its own batch has finished (committed), and a request
 * never joins a batch already under way: what it reads or writes is read or written after
 * it arrived, as if it had gone alone. Batches are at most `maxBatch` long.
 *
 * A batch that fails fails no request for another's sake: when the database cannot be
 * reached every request of it is told so (503, as it would have been alone), and on any
 * other failure (a deadlock, a value one request brought) each request is run again alone,
 * so it gets the answer it would have had.
 */
import { isDatabaseUnavailable } from './database-unavailable';

export interface GroupCommitOptions<I, O> {
  /** Runs the items together, in one transaction; one result per item, in their order. */
  batch(items: readonly I[]): Promise<readonly O[]>;
  /** Runs one item alone: how the items of a failed batch are retried. */
  single(item: I): Promise<O>;
  /** The most items in one batch; default 64. */
  maxBatch?: number;
}

export interface GroupCommit<I, O> {
  /** The item's result, once the batch it went in has finished. */
  submit(item: I): Promise<O>;
}

interface Waiting<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

export function groupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const maxBatch = options.maxBatch ?? 64;
  let queue: Waiting<I, O>[] = [];
  let running = false;

  const alone = (waiting: Waiting<I, O>) =>
    options.single(waiting.item).then(waiting.resolve, waiting.reject);

  const run = async (taken: readonly Waiting<I, O>[]): Promise<void> => {
    let results: readonly O[];
    try {
      results = await options.batch(taken.map((waiting) => waiting.item));
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        for (const waiting of taken) waiting.reject(error);
      } else {
        await Promise.all(taken.map(alone));
      }
      finish();
      return;
    }
    // The next batch starts before this one's requests are answered: its first round trip
    // to the database is under way while the answers are written, instead of after them.
    finish();
    taken.forEach((waiting, index) => waiting.resolve(results[index] as O));
  };

  const finish = (): void => {
    running = false;
    next();
  };

  const next = (): void => {
    if (!running && queue.length > 0) {
      const taken = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      running = true;
      void run(taken);
    }
  };

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // Those arriving in the same turn of the event loop go together: an engine that
        // runs in this thread (PGlite) would otherwise decide each alone before the next
        // request is read.
        if (queue.length === 1) setImmediate(next);
      });
    },
  };
}
