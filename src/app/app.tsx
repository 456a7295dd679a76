import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { RouterProvider } from 'react-router';
import type { Platform } from '@/platform/platform';
import { PlatformProvider } from '@/platform/platform-context';
import { useShopStore } from '@/features/cart/store/shop-store';
import { forgetReceipt } from '@/features/checkout/last-receipt';
import { IdleResetDialog } from '@/platform/idle-reset-dialog';
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
  const hasSession = useCallback(
    () => useShopStore.getState().cart.length > 0 || router.state.location.pathname !== '/',
    [router],
  );
  const startOver = useCallback(() => {
    useShopStore.getState().clearCart();
    forgetReceipt();
    void router.navigate('/');
  }, [router]);
  return (
    <PlatformProvider platform={platform}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {platform.bridge && <StaffExitDialog bridge={platform.bridge} />}
        {platform.config.idleTimeoutSeconds > 0 && (
          <IdleResetDialog
            idleTimeoutSeconds={platform.config.idleTimeoutSeconds}
            hasSession={hasSession}
            onReset={startOver}
          />
        )}
      </QueryClientProvider>
    </PlatformProvider>
  );
}
