import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

function focusHeading(heading: HTMLElement): void {
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/** How far down each URL was, so Back returns the shopper to the card they left from. */
const scrollPositions = new Map<string, number>();

/**
 * Where the window was at its last scroll event. Asking the window itself after the new page
 * is in the DOM makes Chromium lay that page out there and then (a tap on 'Start Shoping'
 * spent 3-4 ms of its 18 in it); a scroll event comes with the layout already done. A
 * scroll comes out as an event by the next frame, long before a finger can tap again.
 */
let lastScrollY = typeof window === 'undefined' ? 0 : window.scrollY;
/** The same for the kiosk's accessibility frame, which scrolls instead of the window. */
let lastFrameScrollTop = 0;

/**
 * What a page change does, once the new page is on screen (this runs inside the page's
 * Suspense boundary, so not while its code is still downloading):
 * - Back and Forward return to where that URL was scrolled; a new page starts at the top,
 *   while a new query of the same page (search, category, page number) scrolls as that
 *   page decides;
 * - focus moves to the new page's heading (once it is there: main holds it meanwhile), so
 *   screen readers hear it and the next key starts there.
 * The first page of a visit is left alone: the browser restores a reload's position.
 */
export function useNavigationEffects(frame: RefObject<HTMLDivElement | null>): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Keyed by URL: the router gives every fresh page load the same default key.
  const url = location.pathname + location.search;
  const first = useRef(true);
  const shownPathname = useRef(location.pathname);

  // A layout effect, so it stops listening before the next page's height clamps the scroll.
  useLayoutEffect(() => {
    const remember = () => {
      lastScrollY = window.scrollY;
      scrollPositions.set(url, lastScrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [url]);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    // A frame of its own starts at the top; only its scroll events move it from there.
    lastFrameScrollTop = 0;
    const remember = () => {
      lastFrameScrollTop = element.scrollTop;
    };
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [frame]);

  useLayoutEffect(() => {
    const samePage = shownPathname.current === location.pathname;
    shownPathname.current = location.pathname;
    if (first.current) return;
    if (navigationType === NavigationType.Pop) window.scrollTo(0, scrollPositions.get(url) ?? 0);
    // A search, a category or a page of the same page: that page scrolls where it should.
    else if (!location.hash && !samePage && lastScrollY !== 0) window.scrollTo(0, 0);
  }, [url, navigationType, location.pathname, location.hash]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // In the kiosk's accessibility mode the frame, not the window, scrolls.
    if (lastFrameScrollTop !== 0) frame.current?.scrollTo(0, 0);
    const main = document.querySelector<HTMLElement>('main');
    const heading = main?.querySelector<HTMLElement>('h1');
    if (heading) {
      focusHeading(heading);
      return;
    }
    if (!main) return;
    // A page still loading has no heading yet: main takes the focus rather than leave it on
    // the control that has just gone (the body), and hands it to the heading when that
    // comes, unless the shopper has moved on meanwhile.
    main.focus({ preventScroll: true });
    const watcher = new MutationObserver(() => {
      const arrived = main.querySelector<HTMLElement>('h1');
      if (!arrived) return;
      watcher.disconnect();
      if (document.activeElement === main) focusHeading(arrived);
    });
    watcher.observe(main, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [location.pathname, frame]);
}
