import { useI18n } from '@/i18n/language-store';
import { kioskText } from './kiosk.messages';

/**
 * Outside the store's opening hours: a calm, dark screen that says so, over everything, and
 * takes every touch so nothing underneath can be pressed. Main shows it only when nobody is
 * served, and lets the display sleep behind it.
 */
export function ClosedScreen() {
  const { t } = useI18n();
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
        {t(kioskText.closedTitle)}
      </h1>
      <p id="closed-screen-body" className="max-w-xl text-xl text-slate-300">
        {t(kioskText.closedBody)}
      </p>
    </div>
  );
}
