import { QueryClient } from '@tanstack/react-query';

/**
 * The spec allows one catalogue call per visit: a failure is shown at once with a
 * 'Try again' button rather than retried behind the shopper's back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}
