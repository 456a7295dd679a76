/**
 * What the kiosk says when the focus moves: a dialog's title and text when the focus first
 * enters it, a hint when it first lands on the on-screen keys, a product card's title and
 * price when it first enters the card, then the control itself; the page's summary when it
 * lands on the page's heading (a page change puts it there).
 */
import { cardWords, controlWords, dialogWords, keysEnteredWords } from './control-words';
import { pageWords } from './page-words';
import { readCard, readControl, readDialog } from './read-control';
import { readPage } from './read-page';

/** The on-screen keyboard's keys, whatever the shown language calls them. */
const KEYS = '[data-osk-panel]';

const entered = (area: Element, previous: Element | null): boolean =>
  !(previous && area.contains(previous));

/** The words for the focus on `target`, come from `previous` (null: from nowhere). */
export function focusWords(
  target: HTMLElement,
  previous: Element | null,
  pathname: string,
): string {
  if (target.matches('main h1')) {
    const page = readPage(pathname, target.ownerDocument);
    if (page) return pageWords(page);
  }
  // A page still loading holds the focus on main until its heading comes.
  if (target.tagName === 'MAIN') return '';
  const parts: string[] = [];
  const dialog = readDialog(target);
  if (dialog && entered(dialog.dialog, previous)) {
    parts.push(dialogWords(dialog.name, dialog.description));
  }
  const keys = target.closest(KEYS);
  if (keys && entered(keys, previous)) parts.push(keysEnteredWords());
  const facts = readControl(target);
  const card = readCard(target);
  if (card) {
    // The card's title link shows the title cut to six words; the card has it whole.
    const cut = facts.name.replace(/\.{3}$|…$/, '').trim();
    const isTitle = facts.role === 'link' && cut !== '' && card.title.startsWith(cut);
    if (entered(card.card, previous)) {
      parts.push(cardWords(card.title, card.price));
      if (isTitle) facts.name = '';
    } else if (isTitle) {
      facts.name = card.title;
    }
  }
  parts.push(controlWords(facts));
  return parts.join(' ');
}

/**
 * Where the shopper is, for the first words after speech turns on and for help: the
 * page's summary, then the control that has the focus, if one has.
 */
export function whereWords(active: Element | null, pathname: string): string {
  const page = readPage(pathname);
  const parts = page ? [pageWords(page)] : [];
  const focused =
    active instanceof HTMLElement &&
    active !== active.ownerDocument.body &&
    !active.matches('main, main h1');
  if (focused) parts.push(focusWords(active, null, pathname));
  return parts.join(' ');
}
