import { CLOSED_TEXTS } from './closed-texts';

/**
 * Outside the store's opening hours: a calm, dark screen that says so, over everything, and
 * takes every touch so nothing underneath can be pressed. Main shows it only when nobody is
 * served, and lets the display sleep behind it.
 */
export function ClosedScreen() {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="closed-screen-title"
      aria-describedby="closed-screen-body"
      tabIndex={-1}
      autoFocus
      data-testid="closed-screen"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-slate-950 p-6 text-center text-slate-100"
    >
      <h1 id="closed-screen-title" className="text-4xl font-bold">
        {CLOSED_TEXTS['kiosk.closed.title']}
      </h1>
      <p id="closed-screen-body" className="max-w-xl text-xl text-slate-300">
        {CLOSED_TEXTS['kiosk.closed.body']}
      </p>
    </div>
  );
}
