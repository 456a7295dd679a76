import { memo } from 'react';
import { ShopLink } from '@/components/ui/shop-link';
import { useI18n } from '@/i18n/language-store';
import { layoutText } from './layout.messages';
import { NAV_LINKS } from './nav-links';

/** Memoised: nothing in it depends on the page, so a page change does not render it again. */
export const SiteFooter = memo(function SiteFooter() {
  const { t } = useI18n();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-tile">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <nav aria-label={t(layoutText.footerNav)}>
          <ul className="flex flex-wrap gap-2">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <ShopLink
                  to={link.to}
                  className="flex min-h-11 items-center rounded px-3 font-semibold text-ink hover:underline"
                >
                  {t(link.label)}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-muted">{t(layoutText.credit)}</p>
      </div>
    </footer>
  );
});
