import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import { GlobeIcon } from '@/components/ui/icons';
import { useI18n } from '@/i18n/language-store';
import { languageName, type ShopperLanguage } from '@/i18n/languages';
import { whenIdle } from '@/lib/when-idle';
import type { LanguageList } from './language-list';
import { layoutText } from './layout.messages';

type List = typeof LanguageList;

let loading: Promise<List> | undefined;

/**
 * The list's code, a chunk of its own, like the small-screen menu's drawer: asked for once
 * the shop is idle, or as a finger comes down on the button. A failed download (offline for
 * a moment) is tried again next time.
 */
function loadList(): Promise<List> {
  loading ??= import('./language-list').then(
    (module) => module.LanguageList,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The header's language menu: a button naming the shown language, opening the list of the
 * languages offered (language-list.tsx). None where a single language is offered.
 */
export const LanguageMenu = memo(function LanguageMenu({
  offered,
}: {
  offered: readonly ShopperLanguage[];
}) {
  const { t, language } = useI18n();
  const [open, setOpen] = useState(false);
  const [List, setList] = useState<List | null>(null);
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const show = (opening: boolean) => {
    loadList().then(
      (loaded) => {
        setList(() => loaded);
        if (opening) setOpen(true);
      },
      // Nothing opens: the shopper taps again, and the download is tried again.
      () => undefined,
    );
  };
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  }, []);
  const several = offered.length > 1;
  useEffect(() => (several ? whenIdle(() => show(false), 3000) : undefined), [several]);

  if (!several) return null;
  const name = languageName(language);
  return (
    <div ref={menu} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t(layoutText.language, { name })}
        className="flex min-h-12 min-w-12 items-center justify-center gap-2 rounded-full px-3 font-semibold text-ink hover:bg-slate-100"
        onPointerDown={() => show(false)}
        onClick={() => (open ? setOpen(false) : show(true))}
      >
        <GlobeIcon width={24} height={24} />
        <span className="language-name max-sm:sr-only">{name}</span>
      </button>
      {List && <List id={listId} open={open} offered={offered} within={menu} onClose={close} />}
    </div>
  );
});
