import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { Platform } from '@/platform/platform';
import { PlatformProvider } from '@/platform/platform-context';
import { StaffExitDialog } from '@/platform/staff-exit-dialog';
import type { createRouter } from './create-router';
import { useCrossTabSync } from './use-cross-tab-sync';

interface AppProps {
  platform: Platform;
  router: ReturnType<typeof createRouter>;
  queryClient: QueryClient;
}

export function App({ platform, router, queryClient }: AppProps) {
  useCrossTabSync();
  return (
    <PlatformProvider platform={platform}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {platform.bridge && <StaffExitDialog bridge={platform.bridge} />}
      </QueryClientProvider>
    </PlatformProvider>
  );
}
