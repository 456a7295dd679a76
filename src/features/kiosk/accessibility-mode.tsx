import { useEffect, useState } from 'react';
import { AccessibilityIcon } from '@/components/ui/page-icons';
import { useI18n } from '@/i18n/language-store';
import { BarSwitch } from './bar-switch';
import { kioskText } from './kiosk.messages';
import { SpeechSwitch } from './speech/speech-switch';

/**
 * For a shopper in a wheelchair or with low vision: larger text, high contrast, and on a
 * tall screen everything they can touch moves into the lower 60 %, within reach (the
 * styles hang off html[data-a11y]). It stays on until the idle wipe unmounts it.
 */
export function AccessibilityMode() {
  const [on, setOn] = useState(false);
  const { t } = useI18n();
  const before = t(kioskText.accessibilityBefore);
  const after = t(kioskText.accessibilityAfter);

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
          <p>{t(kioskText.accessibilityOn)}</p>
          <p className="reach-panel-hint">{t(kioskText.accessibilityHint)}</p>
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
              the name stays "Accessibility mode" (a language may put its words either side). */}
          <span>
            {before && <span className="max-sm:sr-only">{before}</span>}
            {t(kioskText.accessibility)}
            {after && <span className="max-sm:sr-only">{after}</span>}
          </span>
        </BarSwitch>
        <SpeechSwitch />
      </div>
    </>
  );
}
