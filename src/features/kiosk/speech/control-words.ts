/**
 * What the kiosk says about a control when it takes the focus: its name, its role and its
 * state, then how to use it where that is not obvious (EN 301 549 5.1.3.1: what the screen
 * shows is also given as speech). Pure words from plain facts; read-control.ts reads the
 * facts from the page.
 */
import { shownLanguage, type ShownLanguage } from '@/i18n/language-store';
import { speechText } from './speech.messages';

/** The shown language's words, or another's (tests hand in English). */
type Words = Pick<ShownLanguage, 't' | 'dir'>;

export type SpokenRole =
  | 'button'
  | 'toggle'
  | 'link'
  | 'edit'
  | 'search'
  | 'quantity'
  | 'heading'
  | 'checkbox'
  | 'radio'
  | 'list box'
  | 'key'
  | 'other';

export interface ControlFacts {
  role: SpokenRole;
  /** The accessible name ("Add to Cart", "Quantity", "E"). */
  name: string;
  /** A field's text; a quantity's number. */
  value?: string;
  /** A toggle button's state (aria-pressed). */
  pressed?: boolean;
  /** A checkbox's or radio button's state. */
  checked?: boolean;
  disabled?: boolean;
  /** A heading's level. */
  level?: number;
  /** What the control's description adds (aria-describedby), e.g. the product of a quantity. */
  description?: string;
  /** A field that opens the on-screen keyboard. */
  onScreenKeyboard?: boolean;
  /** Place among its kind: a radio button in its group. */
  position?: { index: number; count: number };
}

/**
 * An on-screen key's name as a voice should say it: a letter's case matters (vouchers are
 * case-sensitive), so "E" is "capital E"; "0" stays "0"; named keys keep their names.
 */
export function keyName(label: string, { t }: Words = shownLanguage()): string {
  if (/^\p{Lu}$/u.test(label)) return t(speechText.capital, { letter: label });
  if (label === ' ') return t(speechText.space);
  return label;
}

/** What typing changed in a field, for the echo a shopper hears; null when nothing did. */
export function typedWords(
  before: string,
  after: string,
  words: Words = shownLanguage(),
): string | null {
  if (before === after) return null;
  if (after.startsWith(before)) {
    const added = after.slice(before.length);
    return added.length === 1 ? keyName(added, words) : added;
  }
  if (before.startsWith(after)) {
    const removed = before.slice(after.length);
    return words.t(speechText.deleted, {
      text: removed.length === 1 ? keyName(removed, words) : removed,
    });
  }
  // Replaced (a selected quantity typed over): the new text.
  if (after === '') return words.t(speechText.blank);
  return after.length === 1 ? keyName(after, words) : after;
}

const stateOf = (facts: ControlFacts, { t }: Words): string[] => {
  const words: string[] = [];
  if (facts.pressed !== undefined) {
    words.push(facts.pressed ? t(speechText.pressedOn) : t(speechText.pressedOff));
  }
  if (facts.checked !== undefined) {
    words.push(facts.checked ? t(speechText.checked) : t(speechText.notChecked));
  }
  if (facts.position) words.push(t(speechText.position, { ...facts.position }));
  if (facts.disabled) words.push(t(speechText.unavailable));
  return words;
};

/** The role's name as said after the control's own name. */
const ROLE_WORDS = {
  button: speechText.button,
  link: speechText.link,
  'list box': speechText.listBox,
} as const;

/** "Quantity 2, edit, use up and down to change"; "Add to Cart, button". */
export function controlWords(facts: ControlFacts, words: Words = shownLanguage()): string {
  const { t } = words;
  const { name, role } = facts;
  const value = facts.value ?? '';
  const blank = t(speechText.blank);
  const parts: string[] = [];
  switch (role) {
    case 'quantity':
      parts.push(`${name} ${value || blank}`, t(speechText.edit), t(speechText.upAndDown));
      break;
    case 'edit':
    case 'search':
      parts.push(
        name,
        role === 'search' ? t(speechText.searchEdit) : t(speechText.edit),
        value || blank,
      );
      // The end of the text is where the text runs to: the right, or the left in Arabic.
      if (facts.onScreenKeyboard) {
        parts.push(t(words.dir === 'rtl' ? speechText.keyboardHintRtl : speechText.keyboardHint));
      }
      break;
    case 'heading':
      parts.push(name, t(speechText.heading, { level: facts.level ?? 2 }));
      break;
    case 'toggle':
      parts.push(name, t(speechText.toggle));
      break;
    case 'key':
      // Keys are walked fast, by arrows: the key alone, its state, nothing more.
      parts.push(keyName(name, words));
      break;
    case 'checkbox':
    case 'radio':
      parts.push(name, role === 'radio' ? t(speechText.radio) : t(speechText.checkbox));
      break;
    case 'other':
      parts.push(name);
      break;
    default:
      parts.push(name, t(ROLE_WORDS[role]));
  }
  parts.push(...stateOf(facts, words));
  const sentence = parts.filter((part) => part !== '').join(', ');
  return facts.description
    ? t(speechText.described, { sentence, description: facts.description })
    : sentence;
}

/** A product card's title and price, said before the control in it that took the focus. */
export function cardWords(
  title: string,
  price: string | null,
  { t }: Words = shownLanguage(),
): string {
  return price ? t(speechText.card, { title, price }) : t(speechText.cardNoPrice, { title });
}

/** Said when the focus first enters a dialog: its title and what it says. */
export function dialogWords(name: string, description: string): string {
  const title = name.replace(/[.?!]?$/, (end) => end || '.');
  return description ? `${title} ${description}` : title;
}

/** Said once, when the focus first lands on the on-screen keys. */
export const keysEnteredWords = ({ t }: Words = shownLanguage()): string =>
  t(speechText.keysEntered);
