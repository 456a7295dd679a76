import { useRef, type RefObject } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useI18n } from '@/i18n/language-store';
import { useTellTakenOver } from '../first-screens/taken-over';
import { layoutText } from './layout.messages';
import { PageBoundary } from './page-boundary';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useNavigationEffects } from './use-navigation-effects';

/** Rendered beside the page, inside its boundary: runs once the new page is on screen. */
function NavigationEffects({ frame }: { frame: RefObject<HTMLDivElement | null> }) {
  useNavigationEffects(frame);
  useTellTakenOver();
  return null;
}

export function AppLayout() {
  const frame = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  const { t } = useI18n();
  return (
    <div ref={frame} className="app-frame flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 font-semibold shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:flex focus:min-h-11 focus:items-center"
      >
        {t(layoutText.skipToContent)}
      </a>
      <SiteHeader />
      <main id="main" className="flex-1 focus:outline-none" tabIndex={-1}>
        <PageBoundary resetKey={pathname + search}>
          <Outlet />
          <NavigationEffects frame={frame} />
        </PageBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
