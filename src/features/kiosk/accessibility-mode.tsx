import { useEffect, useState } from 'react';
import { AccessibilityIcon } from '@/components/ui/icons';
import { BarSwitch } from './bar-switch';
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
          with the Speech switch (when the kiosk has speech): the last control of every screen. */}
      <div className="kiosk-bar fixed inset-x-0 bottom-0 z-30 flex h-[var(--kiosk-bar)] items-center gap-2 border-t border-slate-200 bg-white px-2 max-sm:gap-[8px] max-sm:px-[8px] sm:gap-3 sm:px-4">
        <BarSwitch
          on={on}
          onToggle={() => setOn(!on)}
          icon={<AccessibilityIcon width={30} height={30} />}
        >
          {/* A phone-wide bar holds both switches only with "Accessibility" alone in view;
              the name stays "Accessibility mode". */}
          <span>
            Accessibility<span className="max-sm:sr-only"> mode</span>
          </span>
        </BarSwitch>
        <SpeechSwitch />
      </div>
    </>
  );
}
