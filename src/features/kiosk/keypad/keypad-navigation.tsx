import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  arrowContextOf,
  arrowMove,
  isArrowKey,
  logicalArrow,
  pageIsRightToLeft,
  type ArrowKey,
} from './arrow-keys';
import { backTarget } from './back-target';
import { isClaimed } from './claimed-keys';
import { focusScope, neighbour, readingOrder } from './reading-order';

/** Where a lost focus restarts: the page's heading (page changes focus it too), else main. */
function pageStart(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading) {
    heading.tabIndex = -1;
    return heading;
  }
  return document.querySelector<HTMLElement>('main');
}

/** Focus is nowhere a shopper can see: on the page itself, or on a control that has gone. */
function focusIsLost(active: Element | null): boolean {
  return (
    !active ||
    active === document.body ||
    active === document.documentElement ||
    !active.isConnected
  );
}

/** Moves the focus for an arrow key; true when the key was used. */
function moveFocus(key: ArrowKey): boolean {
  const active = document.activeElement;
  const scope = focusScope();
  if (focusIsLost(active)) {
    // In a dialog, or with the shop inert under the attract screen: the first control left.
    const start = scope === document ? pageStart() : null;
    const target = start && !start.closest('[inert]') ? start : readingOrder(scope)[0];
    target?.focus();
    return Boolean(target);
  }
  const move = arrowMove(key, arrowContextOf(active));
  if (!move || !active) return false;
  const next = neighbour(readingOrder(scope), active, move);
  if (!next) return false;
  next.focus();
  return true;
}

/**
 * Keypad navigation for the kiosk, for a USB keypad sending arrows, Enter and
 * Escape, and for anyone at a keyboard:
 * - the arrows move through the controls in reading order, as Tab does (arrow-keys.ts says
 *   where a control keeps an arrow for itself);
 * - Space chooses a link as it does a button;
 * - Escape goes back a screen (back-target.ts) unless a dialog or keyboard takes it.
 * Tab and Enter stay the browser's own. Rendered inside the router, for Escape's history.
 */
export function KeypadNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ navigate, location });
  useLayoutEffect(() => {
    latest.current = { navigate, location };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isClaimed(event) || event.isComposing) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (isArrowKey(event.key)) {
        // Shift with an arrow selects text; it is not a move.
        const key = logicalArrow(event.key, pageIsRightToLeft());
        if (!event.shiftKey && moveFocus(key)) event.preventDefault();
        return;
      }
      if (event.key === ' ' && !event.shiftKey) {
        const active = document.activeElement;
        if (active instanceof HTMLAnchorElement && active.href) {
          event.preventDefault();
          active.click();
        }
        return;
      }
      if (event.key === 'Escape') {
        // An open dialog closes itself on Escape.
        if (focusScope() !== document) return;
        const { navigate: go, location: here } = latest.current;
        const target = backTarget(here.pathname, here.key !== 'default');
        if (target === null) return;
        event.preventDefault();
        if (target === -1) void go(-1);
        else void go(target);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return null;
}
