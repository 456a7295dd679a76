import { QueryClient } from '@tanstack/react-query';
import { CatalogueError } from '@/features/catalogue/api/catalogue-client';

/** One retry for a flaky network or a server error; a 404 or bad answer fails at once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof CatalogueError && !error.retryable),
        retryDelay: 800,
        refetchOnWindowFocus: false,
      },
    },
  });
}
