import { ConnectionStatus } from '../connection/connection-status';
import { viewsFor, type ConsoleRole } from './console-role';
import { VIEW_HASH, type ConsoleView } from './use-hash-view';

const LABELS: Record<ConsoleView, string> = {
  kiosks: 'Kiosks',
  enrolment: 'Enrolment',
  counter: 'Counter',
  rollouts: 'Rollouts',
};

interface ConsoleHeaderProps {
  view: ConsoleView;
  role: ConsoleRole;
  username: string;
  onOpenConnection: () => void;
}

export function ConsoleHeader({ view, role, username, onOpenConnection }: ConsoleHeaderProps) {
  const nav = viewsFor(role).map((item) => ({ view: item, label: LABELS[item] }));
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-[1840px] flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 lg:px-8">
        <p className="text-lg font-bold text-ink">
          Kiosk Shop <span className="font-semibold text-muted">· Fleet console</span>
        </p>
        <nav aria-label="Views">
          <ul className="flex flex-wrap gap-2">
            {nav.map((item) => (
              <li key={item.view}>
                <a
                  href={VIEW_HASH[item.view]}
                  aria-current={item.view === view ? 'page' : undefined}
                  className={`btn px-4 ${
                    item.view === view
                      ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-100'
                      : 'text-ink hover:bg-slate-100'
                  }`}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {role === 'counter' && (
          <p className="text-sm text-muted">
            Signed in as {username}: a pickup counter, which checks receipts and hands over.
          </p>
        )}
        <div className="ml-auto flex min-w-0 items-center gap-3">
          <ConnectionStatus />
          <button type="button" className="btn-secondary shrink-0" onClick={onOpenConnection}>
            Connection
          </button>
        </div>
      </div>
    </header>
  );
}
