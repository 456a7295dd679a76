import { useLocation } from 'react-router';
import { ShopLink } from '@/components/ui/shop-link';
import { LogoMark } from '@/components/ui/icons';
import { useI18n } from '@/i18n/language-store';
import { useCapabilities } from '@/platform/capabilities-context';
import { CartLink } from './cart-link';
import { LanguageMenu } from './language-menu';
import { layoutText } from './layout.messages';
import { MobileMenu } from './mobile-menu';
import { isCurrentLink, NAV_LINKS } from './nav-links';

export function SiteHeader() {
  const { pathname } = useLocation();
  const { t } = useI18n();
  const { languages } = useCapabilities();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      {/* On a phone the sides, the gap and the name are in px: accessibility mode's larger root
          type would push the last button off the edge (the buttons themselves still grow). */}
      <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-4 max-sm:gap-[8px] max-sm:px-[16px] sm:px-6 lg:px-8">
        <ShopLink
          to="/"
          className="flex min-h-11 items-center gap-2 rounded text-xl font-extrabold tracking-tight max-sm:text-[20px]"
        >
          <LogoMark />
          Kiosk Shop
        </ShopLink>
        <nav aria-label={t(layoutText.mainNav)} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <ShopLink
                  to={link.to}
                  aria-current={isCurrentLink(link.to, pathname) ? 'page' : undefined}
                  className={`flex min-h-11 items-center rounded-lg px-4 font-semibold ${isCurrentLink(link.to, pathname) ? 'text-brand-700' : 'text-ink hover:bg-slate-100'}`}
                >
                  {t(link.label)}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* Memoised, as the footer is: a page change re-renders the header for its links'
            current page, and these do not depend on it. */}
        <div className="flex items-center gap-1">
          <LanguageMenu offered={languages.offered} />
          <CartLink />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
