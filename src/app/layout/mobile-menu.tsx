import { memo, useEffect, useState } from 'react';
import { MenuIcon } from '@/components/ui/icons';
import { useI18n } from '@/i18n/language-store';
import { whenIdle } from '@/lib/when-idle';
import { layoutText } from './layout.messages';
import type { MenuDrawer } from './menu-drawer';

type Drawer = typeof MenuDrawer;

let loading: Promise<Drawer> | undefined;

/**
 * The drawer's code, a chunk of its own (1 KB gzip less in the first download): asked for
 * once the shop is idle, or as a finger comes down on the button, so it is here by the
 * time the tap opens it. A failed download (offline for a moment) is tried again next time.
 */
function loadDrawer(): Promise<Drawer> {
  loading ??= import('./menu-drawer').then(
    (module) => module.MenuDrawer,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The small-screen menu: its button, and the drawer (menu-drawer.tsx) it opens. */
export const MobileMenu = memo(function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [Drawer, setDrawer] = useState<Drawer | null>(null);
  const { t } = useI18n();
  const show = (opening: boolean) => {
    loadDrawer().then(
      (loaded) => {
        setDrawer(() => loaded);
        if (opening) setOpen(true);
      },
      // Nothing opens: the shopper taps again, and the download is tried again.
      () => undefined,
    );
  };
  useEffect(() => whenIdle(() => show(false), 3000), []);

  return (
    <>
      <button
        type="button"
        className="grid size-12 place-items-center rounded-full hover:bg-slate-100 md:hidden"
        aria-label={t(layoutText.openMenu)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => show(false)}
        onClick={() => show(true)}
      >
        <MenuIcon width={26} height={26} />
      </button>
      {Drawer && <Drawer open={open} onClose={() => setOpen(false)} />}
    </>
  );
});
