/**
 * Signing in to the shop service: a staff login (the service sets an HttpOnly session
 * cookie), or a device token the operator issued. Every refusal says what to do next:
 * a wrong password, a login locked after too many (until when), a service that cannot be
 * reached (and which address was tried).
 */
import { useId, useState, type SubmitEvent } from 'react';
import { formatSameDayClock } from '../lib/format';
import { TextField } from '../ui/field';
import { logIn, signInWithToken, useServiceSession } from './service-session';

type Problem = { text: string } | null;

function lockedText(until: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return `Too many wrong passwords: this login is locked until ${formatSameDayClock(until, now)} (${minutes} more minute${minutes === 1 ? '' : 's'}). Wait, or ask the operator to set a new password (npm run shop-service -- staff passwd).`;
}

function TokenForm() {
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const outcome = await signInWithToken(token);
    setBusy(false);
    if (outcome.kind === 'refused') setProblem({ text: outcome.message });
  };
  return (
    <details className="rounded-xl border border-slate-200 p-4">
      <summary className="cursor-pointer py-3 font-semibold">Use a device token instead</summary>
      <form className="mt-3 flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <TextField
          label="Device token"
          hint="From npm run shop-service -- token issue. Kept in this browser for this service."
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={setToken}
          problem={problem?.text}
        />
        <button type="submit" className="btn-secondary self-start" disabled={busy}>
          Use this token
        </button>
      </form>
    </details>
  );
}

/** The sign-in card: shown where the shop service is needed and this page has no session. */
export function ServiceSignIn({ purpose }: { purpose: string }) {
  const titleId = useId();
  const { base, phase, why } = useServiceSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const where = base === null ? null : base === '' ? window.location.origin : base;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (username.trim() === '' || password === '') {
      setProblem({ text: 'Enter your username and password.' });
      return;
    }
    setBusy(true);
    setProblem(null);
    const outcome = await logIn(username.trim(), password);
    setBusy(false);
    setPassword('');
    if (outcome.kind === 'wrong') setProblem({ text: outcome.message });
    else if (outcome.kind === 'locked') setProblem({ text: lockedText(outcome.until, Date.now()) });
    else if (outcome.kind === 'unreachable') {
      setProblem({
        text: `The shop service at ${where ?? '?'} cannot be reached (${outcome.why}). Check that it runs, then try again.`,
      });
    }
  };

  return (
    <section aria-labelledby={titleId} className="card mx-auto flex max-w-md flex-col gap-4 p-6">
      <div>
        <h2 id={titleId} className="text-xl font-bold">
          Sign in to the shop service
        </h2>
        <p className="mt-1 text-sm text-muted">
          {purpose} {where && <span className="break-all">Service: {where}</span>}
        </p>
      </div>
      {why !== '' && phase === 'signed-out' && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {why}
        </p>
      )}
      {base === null ? (
        <p role="alert" className="rounded-lg bg-sale-50 p-3 font-semibold text-sale-700">
          The shop service address in Connection is not a valid http(s) URL.
        </p>
      ) : (
        <>
          <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
            <TextField
              label="Username"
              autoComplete="username"
              spellCheck={false}
              value={username}
              onChange={setUsername}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
            <div role="alert" className="empty:hidden">
              {problem && (
                <p className="rounded-lg bg-sale-50 p-3 font-semibold text-sale-700">
                  {problem.text}
                </p>
              )}
            </div>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
          <TokenForm />
        </>
      )}
    </section>
  );
}
