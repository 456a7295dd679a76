/**
 * The shop settings page at the shop service’s `/settings`: the staff sign in as at the counter
 * (an operator login to change them), then the settings.
 */
import { useEffect } from 'react';
import { openService, useServiceSession } from '../service/service-session';
import { ServiceSignIn } from '../service/sign-in';
import { SettingsScreen } from './settings-screen';

export function SettingsApp() {
  const phase = useServiceSession((state) => state.phase);
  useEffect(() => {
    // The service serves this page: it is its own origin.
    openService('');
  }, []);
  if (phase === 'signed-in') return <SettingsScreen />;
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 p-6">
      <div className="flex w-full max-w-md flex-col gap-4">
        <h1 className="text-3xl font-bold">Shop settings</h1>
        {phase === 'checking' ? (
          <p role="status">Checking your sign-in…</p>
        ) : (
          <ServiceSignIn purpose="The shop’s manager sets the pick screen’s timers and the board here." />
        )}
      </div>
    </main>
  );
}
