import { useEffect } from 'react';
import { checkSession, logOut, useServiceSession } from './service-session';

/** While the service cannot be reached, how often the page asks again. */
export const RECHECK_EVERY_MS = 15_000;

/**
 * Asks the service again every RECHECK_EVERY_MS while it cannot be reached, so a page opened
 * during an outage signs itself in (or asks for a login) once the service is back.
 */
export function useServiceRecheck(): void {
  const phase = useServiceSession((state) => state.phase);
  useEffect(() => {
    if (phase !== 'unreachable') return;
    const timer = setInterval(() => void checkSession(), RECHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [phase]);
}

/** Who this page is at the shop service, in one line, with the way out. */
export function ServiceStatus() {
  const { phase, staff, via, why } = useServiceSession();
  useServiceRecheck();
  if (phase === 'signed-in' && staff) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <span>
          Signed in as <span className="font-semibold text-ink">{staff.name}</span> (
          {staff.username}
          {via === 'token' ? ', device token' : ''})
        </span>
        <button
          type="button"
          className="min-h-11 font-semibold text-brand-800 underline"
          onClick={() => void logOut()}
        >
          {via === 'token' ? 'Forget this token' : 'Sign out'}
        </button>
      </p>
    );
  }
  if (phase === 'unreachable') {
    return (
      <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
        The shop service cannot be reached ({why}).{' '}
        <button
          type="button"
          className="min-h-11 font-semibold underline"
          onClick={() => void checkSession()}
        >
          Try again
        </button>
      </p>
    );
  }
  if (phase === 'checking') {
    return <p className="text-sm text-muted">Checking the shop service…</p>;
  }
  return null;
}
