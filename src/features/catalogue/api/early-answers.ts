import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Queries whose answer comes from a deep link's early call and that no page has shown yet:
 * the page takes that answer, failure included, as its one call (spec §7), instead of
 * asking again when it mounts (React Query's `retryOnMount`). Later visits to a failed
 * query ask again, as a page's mount always does.
 */
const earlyAnswers = new WeakSet<object>();

/** Starts `run` (the query's early call) and marks the query as a deep link's answer. */
export function startEarly(client: QueryClient, queryKey: QueryKey, run: () => Promise<unknown>) {
  const done = run().then(
    () => undefined,
    () => undefined,
  );
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (query) earlyAnswers.add(query);
  return done;
}

/**
 * For the page's `useQuery`: false while the query holds a deep link's early answer not yet
 * shown, so a failed early call is shown rather than asked again. Once shown, the answer
 * is this visit's.
 */
export function useRetryOnMount(queryKey: QueryKey): boolean {
  const query = useQueryClient().getQueryCache().find({ queryKey, exact: true });
  const early = query !== undefined && earlyAnswers.has(query);
  useEffect(() => {
    if (query) earlyAnswers.delete(query);
  }, [query]);
  return !early;
}
