import { chooseLanguage, useI18n } from '@/i18n/language-store';
import { languageName } from '@/i18n/languages';
import { useCapabilities } from '@/platform/capabilities-context';
import { kioskText } from './kiosk.messages';

/**
 * After a session is wiped the kiosk waits for the next shopper: the landing page behind a
 * gentle call to action, and the languages the kiosk offers, each named in its own
 * language. A first touch anywhere only wakes the shop (in the default language), so it
 * cannot press whatever lies underneath; a language starts the shop in that language. The
 * motion stops for shoppers who ask for reduced motion.
 */
export function AttractScreen({ onStart }: { onStart: () => void }) {
  const { t, language } = useI18n();
  const { offered } = useCapabilities().languages;
  return (
    <div
      className="attract-screen fixed inset-0 z-50 flex cursor-pointer flex-col items-center justify-center gap-10 bg-slate-900/55 p-6 text-white backdrop-blur-[2px]"
      onClick={(event) => {
        if (event.target === event.currentTarget) onStart();
      }}
    >
      <button
        type="button"
        autoFocus
        className="flex max-w-full flex-col items-center gap-6 rounded-3xl"
        onClick={onStart}
      >
        <span className="attract-cta rounded-full bg-brand-700 px-12 py-6 text-center text-4xl font-extrabold shadow-2xl ring-8 ring-white/70">
          {t(kioskText.touchToStart)}
        </span>
        <span className="rounded-full bg-slate-900/80 px-6 py-2 text-center text-xl font-semibold">
          {t(kioskText.pickup)}
        </span>
      </button>
      {offered.length > 1 && (
        <div
          role="group"
          aria-label={t(kioskText.chooseLanguage)}
          className="flex max-w-4xl flex-wrap justify-center gap-4"
        >
          {offered.map((choice) => (
            <button
              key={choice}
              type="button"
              lang={choice}
              aria-current={choice === language ? 'true' : undefined}
              className="min-h-16 min-w-40 rounded-full bg-white px-8 text-2xl font-bold text-ink shadow-lg aria-[current=true]:ring-4 aria-[current=true]:ring-brand-600"
              onClick={() => {
                void chooseLanguage(choice);
                onStart();
              }}
            >
              {languageName(choice)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
