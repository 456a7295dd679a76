import { useEffect, useRef, type RefObject } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Moves focus to the new page's heading after navigation, so screen readers hear it. */
function useFocusOnNavigate(frame: RefObject<HTMLDivElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // In the kiosk's accessibility mode the frame, not the window, scrolls.
    frame.current?.scrollTo(0, 0);
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [pathname, frame]);
}

export function AppLayout() {
  const frame = useRef<HTMLDivElement>(null);
  useFocusOnNavigate(frame);
  return (
    <div ref={frame} className="app-frame flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 font-semibold shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:flex focus:min-h-11 focus:items-center"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1 focus:outline-none" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {/* Keyed by URL: the default key is shared by every fresh page load. */}
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
    </div>
  );
}
