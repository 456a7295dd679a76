/**
 * What the kiosk says about a control when it takes the focus: its name, its role and its
 * state, then how to use it where that is not obvious (EN 301 549 5.1.3.1: what the screen
 * shows is also given as speech). Pure words from plain facts; read-control.ts reads the
 * facts from the page.
 */
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
export function keyName(label: string): string {
  if (/^\p{Lu}$/u.test(label)) return `capital ${label}`;
  if (label === ' ') return 'space';
  return label;
}

/** What typing changed in a field, for the echo a shopper hears; null when nothing did. */
export function typedWords(before: string, after: string): string | null {
  if (before === after) return null;
  if (after.startsWith(before)) {
    const added = after.slice(before.length);
    return added.length === 1 ? keyName(added) : added;
  }
  if (before.startsWith(after)) {
    const removed = before.slice(after.length);
    return `deleted ${removed.length === 1 ? keyName(removed) : removed}`;
  }
  // Replaced (a selected quantity typed over): the new text.
  if (after === '') return 'blank';
  return after.length === 1 ? keyName(after) : after;
}

const stateOf = (facts: ControlFacts): string[] => {
  const words: string[] = [];
  if (facts.pressed !== undefined) words.push(facts.pressed ? 'on' : 'off');
  if (facts.checked !== undefined) words.push(facts.checked ? 'checked' : 'not checked');
  if (facts.position) words.push(`${facts.position.index} of ${facts.position.count}`);
  if (facts.disabled) words.push('unavailable');
  return words;
};

const KEYBOARD_HINT = 'type, or press Right at the end of the text for the on-screen keys';

/** "Quantity 2, edit, use up and down to change"; "Add to Cart, button". */
export function controlWords(facts: ControlFacts): string {
  const { name, role } = facts;
  const value = facts.value ?? '';
  const parts: string[] = [];
  switch (role) {
    case 'quantity':
      parts.push(`${name} ${value || 'blank'}`, 'edit', 'use up and down to change');
      break;
    case 'edit':
    case 'search':
      parts.push(name, role === 'search' ? 'search edit' : 'edit', value || 'blank');
      if (facts.onScreenKeyboard) parts.push(KEYBOARD_HINT);
      break;
    case 'heading':
      parts.push(name, `heading level ${facts.level ?? 2}`);
      break;
    case 'toggle':
      parts.push(name, 'toggle button');
      break;
    case 'key':
      // Keys are walked fast, by arrows: the key alone, its state, nothing more.
      parts.push(keyName(name));
      break;
    case 'checkbox':
    case 'radio':
      parts.push(name, role === 'radio' ? 'radio button' : 'checkbox');
      break;
    case 'other':
      parts.push(name);
      break;
    default:
      parts.push(name, role);
  }
  parts.push(...stateOf(facts));
  const sentence = parts.filter((part) => part !== '').join(', ');
  return facts.description ? `${sentence}. For ${facts.description}` : sentence;
}

/** A product card's title and price, said before the control in it that took the focus. */
export function cardWords(title: string, price: string | null): string {
  return price ? `${title}, ${price}.` : `${title}.`;
}

/** Said when the focus first enters a dialog: its title and what it says. */
export function dialogWords(name: string, description: string): string {
  const title = name.replace(/[.?!]?$/, (end) => end || '.');
  return description ? `${title} ${description}` : title;
}

/** Said once, when the focus first lands on the on-screen keys. */
export const KEYS_ENTERED = 'On-screen keyboard: arrows move across the keys, Enter types.';
