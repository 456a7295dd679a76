import type { ReactNode } from 'react';
import { useI18n } from '@/i18n/language-store';
import { kioskText } from './kiosk.messages';

interface BarSwitchProps {
  on: boolean;
  onToggle: () => void;
  /** Hidden on a phone-wide bar, where the two switches need the room. */
  icon: ReactNode;
  /** The switch's name, e.g. "Speech": read as "Speech, toggle button, off". */
  children: ReactNode;
}

/**
 * A switch of the kiosk's bottom bar (accessibility mode, speech): pressed means on, with
 * On/Off written beside the name for those who see it. On a phone-wide screen its type is
 * in px: accessibility mode's larger root type would push the last switch off the edge.
 */
export function BarSwitch({ on, onToggle, icon, children }: BarSwitchProps) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      aria-pressed={on}
      className="flex min-h-14 min-w-0 items-center gap-1.5 rounded-full bg-brand-800 px-3 text-start text-sm leading-tight font-bold text-white shadow-md max-sm:gap-[6px] max-sm:px-[12px] max-sm:text-[14px] sm:gap-3 sm:px-5 sm:text-lg"
      onClick={onToggle}
    >
      <span className="flex max-sm:hidden" aria-hidden="true">
        {icon}
      </span>
      {/* A long name (German runs long) wraps inside the switch rather than off the screen. */}
      <span className="min-w-0 [overflow-wrap:anywhere]">{children}</span>
      <span
        className="shrink-0 rounded-full bg-white px-1.5 py-0.5 text-xs text-brand-800 max-sm:px-[6px] max-sm:text-[12px] sm:px-2 sm:text-sm"
        aria-hidden="true"
      >
        {on ? t(kioskText.on) : t(kioskText.off)}
      </span>
    </button>
  );
}
