import { useEffect, type RefObject } from 'react';
import { chooseLanguage, useI18n } from '@/i18n/language-store';
import { languageName, type ShopperLanguage } from '@/i18n/languages';
import { languageListText } from './language-list.messages';

interface LanguageListProps {
  id: string;
  open: boolean;
  offered: readonly ShopperLanguage[];
  /** The menu around the list and its button: a touch or focus outside it closes the list. */
  within: RefObject<HTMLElement | null>;
  /** Closes the list; `refocus`: the focus goes back to the menu's button. */
  onClose: (refocus: boolean) => void;
}

/**
 * The language menu's list (language-menu.tsx), each language named in its own language
 * and marked as written in it, for screen readers and speech. The arrows of a kiosk's
 * keypad reach it as the controls after the menu's button; Escape, a choice, or a touch
 * elsewhere closes it.
 */
export function LanguageList({ id, open, offered, within, onClose }: LanguageListProps) {
  const { t, language } = useI18n();

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (event.target instanceof Node && !within.current?.contains(event.target)) onClose(false);
    };
    // Captured, before the kiosk's keypad: this Escape closes the list, it does not go back.
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose(true);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    window.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      window.removeEventListener('keydown', escape, true);
    };
  }, [open, within, onClose]);

  return (
    <ul
      id={id}
      hidden={!open}
      aria-label={t(languageListText.languages)}
      className="absolute end-0 top-full z-40 mt-2 min-w-44 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
    >
      {offered.map((choice) => (
        <li key={choice}>
          <button
            type="button"
            lang={choice}
            aria-current={choice === language ? 'true' : undefined}
            className={`flex min-h-12 w-full items-center rounded-lg px-4 text-start text-lg font-semibold ${choice === language ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-slate-100'}`}
            onClick={() => {
              onClose(true);
              void chooseLanguage(choice);
            }}
          >
            {languageName(choice)}
          </button>
        </li>
      ))}
    </ul>
  );
}
