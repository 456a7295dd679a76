import { useEffect, useState } from 'react';
import { AccessibilityIcon } from '@/components/ui/icons';
import { SpeechSwitch } from './speech/speech-switch';

/**
 * For a shopper in a wheelchair or with low vision: larger text, high contrast, and on a
 * tall screen everything they can touch moves into the lower 60 %, within reach (the
 * styles hang off html[data-a11y]). It stays on until the idle wipe unmounts it.
 */
export function AccessibilityMode() {
  const [on, setOn] = useState(false);

  useEffect(() => {
    const root = document.documentElement;
    if (on) root.dataset.a11y = 'on';
    else delete root.dataset.a11y;
    return () => {
      delete root.dataset.a11y;
    };
  }, [on]);

  return (
    <>
      {on && (
        <div className="reach-panel" aria-hidden="true">
          <AccessibilityIcon width={72} height={72} />
          <p>Accessibility mode is on</p>
          <p className="reach-panel-hint">
            Everything you can touch is in the lower part of the screen.
          </p>
        </div>
      )}
      {/* A bar of its own at the bottom, within reach; every page keeps room for it. It ends
          with the Speech switch (when the kiosk has speech): the last control of every screen.
          On a phone-wide screen its type is in px: accessibility mode's larger root type
          would push the Speech switch off the edge. */}
      <div className="kiosk-bar fixed inset-x-0 bottom-0 z-30 flex h-[var(--kiosk-bar)] items-center gap-2 border-t border-slate-200 bg-white px-2 max-sm:gap-[8px] max-sm:px-[8px] sm:gap-3 sm:px-4">
        <button
          type="button"
          aria-pressed={on}
          className="flex min-h-14 items-center gap-1.5 rounded-full bg-brand-800 px-3 text-sm font-bold text-white shadow-md max-sm:gap-[6px] max-sm:px-[12px] max-sm:text-[14px] sm:gap-3 sm:px-5 sm:text-lg"
          onClick={() => setOn(!on)}
        >
          <AccessibilityIcon width={30} height={30} className="max-sm:hidden" />
          {/* A phone-wide bar holds both switches only with "Accessibility" alone in view;
              the name stays "Accessibility mode". */}
          <span>
            Accessibility<span className="max-sm:sr-only"> mode</span>
          </span>
          <span
            className="rounded-full bg-white px-1.5 py-0.5 text-xs text-brand-800 max-sm:px-[6px] max-sm:text-[12px] sm:px-2 sm:text-sm"
            aria-hidden="true"
          >
            {on ? 'On' : 'Off'}
          </span>
        </button>
        <SpeechSwitch />
      </div>
    </>
  );
}
