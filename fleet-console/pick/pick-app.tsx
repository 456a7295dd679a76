/**
 * The pick screen's page at the shop service's `/pick`: the staff sign in as at the counter
 * (a login, or a device token for a screen in the stockroom), then the pick screen.
 */
import { useEffect } from 'react';
import { openService, useServiceSession } from '../service/service-session';
import { ServiceSignIn } from '../service/sign-in';
import { PickScreen } from './pick-screen';

export function PickApp() {
  const phase = useServiceSession((state) => state.phase);
  useEffect(() => {
    // The service serves this page: it is its own origin.
    openService('');
  }, []);
  if (phase === 'signed-in') return <PickScreen />;
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 p-6">
      <div className="flex w-full max-w-md flex-col gap-4">
        <h1 className="text-3xl font-bold">Pick screen</h1>
        {phase === 'checking' ? (
          <p role="status">Checking your sign-in…</p>
        ) : (
          <ServiceSignIn purpose="The pick screen shows the shop’s orders to signed-in staff." />
        )}
      </div>
    </main>
  );
}
