import { useLocation } from 'react-router';
import { CloseIcon } from '@/components/ui/page-icons';
import { ShopLink } from '@/components/ui/shop-link';
import { useModalDialog } from '@web-shared/ui/use-modal-dialog';
import { useI18n } from '@/i18n/language-store';
import { menuText } from './menu.messages';
import { isCurrentLink, NAV_LINKS } from './nav-links';

/**
 * The small-screen slide-in menu's drawer: a modal <dialog> (focus trap, Escape) with the
 * same links as the header. Its own small chunk, loaded by mobile-menu.tsx before it is
 * first opened: most visits never open it, and none before the first screen is up.
 */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  const dialog = useModalDialog(open);
  const { t } = useI18n();
  return (
    <dialog
      ref={dialog}
      aria-label={t(menuText.menu)}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="animate-slide-in m-0 ms-auto h-dvh max-h-none w-[min(20rem,85vw)] max-w-none bg-white p-0 shadow-2xl backdrop:bg-slate-900/40"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <span className="text-lg font-bold">{t(menuText.menu)}</span>
        <button
          type="button"
          className="grid size-12 place-items-center rounded-full hover:bg-slate-100"
          aria-label={t(menuText.closeMenu)}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      {/* The footer lists the same NAV_LINKS; here a link also closes the drawer and marks the current page. */}
      <nav aria-label={t(menuText.mobileNav)}>
        <ul className="flex flex-col p-2">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <ShopLink
                to={link.to}
                onClick={onClose}
                aria-current={isCurrentLink(link.to, pathname) ? 'page' : undefined}
                className={`flex min-h-12 items-center rounded-lg px-4 text-lg font-semibold ${isCurrentLink(link.to, pathname) ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-slate-100'}`}
              >
                {t(link.label)}
              </ShopLink>
            </li>
          ))}
        </ul>
      </nav>
    </dialog>
  );
}
