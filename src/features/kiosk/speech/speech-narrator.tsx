import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ANNOUNCE_SETTLE_MS } from '@web-shared/ui/announcer';
import { claimKey } from '../keypad/claimed-keys';
import { controlWords, typedWords } from './control-words';
import { focusWords, whereWords } from './focus-words';
import { speechOnWords } from './mode-words';
import { cartWords, pageWords } from './page-words';
import { accessibleName, readControl, readText } from './read-control';
import { readPage } from './read-page';
import type { Speaker } from './speaker';
import { isTextField, speechKeyOf } from './speech-keys';
import type { CartReport } from './cart-report';
import { speechText } from './speech.messages';
import { shownLanguage } from '@/i18n/language-store';

/** Live regions, as screen readers find them: what the page announces is spoken too. */
const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
/** The pagination's 'page / total' is said in the page's summary, which says more. */
const NOT_SPOKEN = 'nav[data-pagination], [aria-hidden="true"], [inert]';
/** The same words from live regions within this time are said once. */
const REPEAT_WINDOW_MS = 1000;
/** Longest the cart's total waits for its announcement (the announcer settles first). */
const CART_WAIT_MS = ANNOUNCE_SETTLE_MS + 700;
/** A search, category or page of the catalogue reaches the URL after its next paint. */
const QUERY_SETTLE_MS = 300;

type Field = HTMLInputElement | HTMLTextAreaElement;
const isField = (node: unknown): node is Field =>
  node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement;

/** How long a page's heading may wait for the rest of its page (the catalogue's list). */
const CONTENTS_WAIT_MS = 15_000;

/**
 * A page whose heading came before its contents (the catalogue, while its list loads) was
 * summed up by its heading alone: once the contents are there, say the whole summary.
 * Returns a function that stops waiting.
 */
function sayWhenLoaded(speaker: Speaker, pathname: string): (() => void) | null {
  const first = readPage(pathname);
  if (!first || first.kind !== 'other') return null;
  const main = document.querySelector('main');
  if (!main) return null;
  const observer = new MutationObserver(() => {
    const page = readPage(pathname);
    if (!page || page.kind === 'other') return;
    stop();
    speaker.say(pageWords(page));
  });
  const timer = setTimeout(() => stop(), CONTENTS_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(main, { subtree: true, childList: true, characterData: true });
  return stop;
}

/**
 * What speech says while it is on, all of it read from the page as it changes:
 * - its first words (how to use it), then where the shopper is;
 * - every focus change (focus-words.ts), interrupting what was being said;
 * - what typing changed, and a quantity stepped or a toggle pressed where the focus stays;
 * - the page's live regions ('Added', cart changes, errors, the idle countdown);
 * - a new page of the catalogue, and the cart's total after every change;
 * - the keys of speech: any key stops it, R or F1 repeats, H helps, plus and minus.
 */
export function SpeechNarrator({
  speaker,
  cart,
}: {
  speaker: Speaker;
  cart?: CartReport | undefined;
}) {
  const { pathname, search } = useLocation();
  const where = useRef(pathname);
  useLayoutEffect(() => {
    where.current = pathname;
  });

  // First words: that speech is on and how it works, then where the shopper is, once the
  // key that turned it on has done its work (Enter on the attract screen wakes the shop).
  useEffect(() => {
    speaker.say(speechOnWords(), { interrupt: true });
    const timer = setTimeout(() => {
      speaker.say(whereWords(document.activeElement, where.current));
    }, 0);
    return () => clearTimeout(timer);
  }, [speaker]);

  // Focus changes, typing, and controls that keep the focus when chosen.
  useEffect(() => {
    const typed = new WeakMap<Field, string>();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    /** After the event's own handlers and React's render. */
    const later = (run: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, 0);
      timers.add(timer);
    };
    let waitForContents: (() => void) | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      waitForContents?.();
      waitForContents = null;
      if (isField(target)) typed.set(target, target.value);
      const previous = event.relatedTarget instanceof Element ? event.relatedTarget : null;
      const words = focusWords(target, previous, where.current);
      if (words) speaker.say(words, { interrupt: true });
      if (target.matches('main h1')) waitForContents = sayWhenLoaded(speaker, where.current);
    };
    const onInput = (event: Event) => {
      const field = event.target;
      if (!isField(field)) return;
      later(() => {
        const before = typed.get(field) ?? '';
        const after = field.value;
        typed.set(field, after);
        // A PIN is never said: each key is a star.
        const { t } = shownLanguage();
        const words =
          field.type === 'password'
            ? after.length > before.length
              ? t(speechText.star)
              : after.length < before.length
                ? t(speechText.deletedStar)
                : null
            : typedWords(before, after);
        if (words) speaker.say(words, { interrupt: true, remember: false });
      });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // Any key stops the speech: a shopper never waits for it to finish.
      speaker.stop();
      const active = document.activeElement;
      const action = speechKeyOf(event, isTextField(active));
      if (action) {
        event.preventDefault();
        claimKey(event);
        if (action === 'repeat') speaker.repeat();
        else if (action === 'help') {
          speaker.say(`${speechOnWords()} ${whereWords(active, where.current)}`, {
            interrupt: true,
          });
        } else speaker.changeVolume(action === 'louder' ? 1 : -1);
        return;
      }
      // A quantity stepped by Up or Down keeps the focus: say its new number.
      const stepped =
        (event.key === 'ArrowUp' || event.key === 'ArrowDown') &&
        active instanceof HTMLInputElement &&
        active.dataset.arrows === 'vertical';
      if (stepped) {
        later(() => {
          typed.set(active, active.value);
          speaker.say(active.value || shownLanguage().t(speechText.blank), { interrupt: true });
        });
      }
    };
    // A control chosen that keeps the focus: a toggle's new state, a quantity's new number.
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button) return;
      later(() => {
        if (document.activeElement !== button || !button.isConnected) return;
        if (button.hasAttribute('aria-pressed')) {
          speaker.say(controlWords(readControl(button)), { interrupt: true });
          return;
        }
        const quantity = button.parentElement?.querySelector<HTMLInputElement>(
          'input[data-arrows="vertical"]',
        );
        if (quantity) {
          typed.set(quantity, quantity.value);
          speaker.say(`${accessibleName(quantity)} ${quantity.value}`, { interrupt: true });
        }
      });
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('input', onInput, true);
    document.addEventListener('click', onClick);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      waitForContents?.();
      for (const timer of timers) clearTimeout(timer);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('click', onClick);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [speaker]);

  // The cart's words wait for the announcement that comes with the change ('Added …'),
  // and are said right after it; without one, after a while.
  const cartNews = useRef<(() => void) | null>(null);

  // The page's live regions: polite ones queue, alerts interrupt.
  useEffect(() => {
    // Words rendered twice in a moment (a region remounted) are said once; the same words
    // a while later (a second 'Added') are news again.
    let lastSaid = { text: '', at: Number.NEGATIVE_INFINITY };
    const observer = new MutationObserver((records) => {
      const regions = new Set<Element>();
      for (const record of records) {
        const target =
          record.target instanceof Element ? record.target : record.target.parentElement;
        const around = target?.closest(LIVE);
        if (around) regions.add(around);
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(LIVE)) regions.add(node);
          for (const inner of node.querySelectorAll(LIVE)) regions.add(inner);
        }
      }
      for (const region of regions) {
        if (!region.isConnected || region.closest(NOT_SPOKEN)) continue;
        const text = readText(region);
        if (!text) continue;
        const now = Date.now();
        const repeated = lastSaid.text === text && now - lastSaid.at < REPEAT_WINDOW_MS;
        lastSaid = { text, at: now };
        if (repeated) continue;
        const urgent =
          region.getAttribute('role') === 'alert' ||
          region.getAttribute('aria-live') === 'assertive';
        speaker.say(text, { interrupt: urgent });
        cartNews.current?.();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [speaker]);

  // Another page of the catalogue, a category or a search: the same screen, new contents.
  const shown = useRef({ pathname, search });
  useEffect(() => {
    const before = shown.current;
    shown.current = { pathname, search };
    if (before.pathname !== pathname || before.search === search) return;
    const timer = setTimeout(() => {
      const page = readPage(pathname);
      if (page) speaker.say(pageWords(page));
    }, QUERY_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [pathname, search, speaker]);

  // The cart's total after every change; at checkout the order and receipt say it all.
  useEffect(() => {
    if (!cart) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const say = () => {
      clearTimeout(timer);
      cartNews.current = null;
      if (where.current.replace(/\/+$/, '') !== '/checkout') speaker.say(cartWords(cart.facts()));
    };
    const unsubscribe = cart.subscribe(() => {
      clearTimeout(timer);
      cartNews.current = say;
      timer = setTimeout(say, CART_WAIT_MS);
    });
    return () => {
      clearTimeout(timer);
      cartNews.current = null;
      unsubscribe();
    };
  }, [cart, speaker]);

  return null;
}
