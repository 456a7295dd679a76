/**
 * Reads what the kiosk says about a control from the page itself, as a screen reader
 * would: its accessible name (aria-labelledby, aria-label, a label, its text), its role and
 * its state. The shop's markup is already written for screen readers (names, roles,
 * described-by), so speech needs no second copy of any text.
 */
import type { ControlFacts, SpokenRole } from './control-words';

const HIDDEN_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

/**
 * The text a screen reader hears in `node`: text the eye sees and text only for screen
 * readers (`sr-only`), not what is aria-hidden; a picture by its name. Pieces are joined by
 * spaces, so "1", " / ", "4" read "1 / 4".
 */
export function readText(node: Node): string {
  const pieces: string[] = [];
  const walk = (current: Node): void => {
    if (current.nodeType === Node.TEXT_NODE) {
      pieces.push(current.textContent ?? '');
      return;
    }
    if (!(current instanceof Element)) return;
    if (HIDDEN_TAGS.has(current.tagName) || current.getAttribute('aria-hidden') === 'true') return;
    if (current instanceof HTMLElement && current.hidden) return;
    const role = current.getAttribute('role');
    if (current instanceof HTMLImageElement || role === 'img') {
      pieces.push(current.getAttribute('aria-label') ?? current.getAttribute('alt') ?? '');
      return;
    }
    for (const child of current.childNodes) walk(child);
  };
  walk(node);
  return pieces
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?])/g, '$1')
    .trim();
}

function textOfIds(ids: string | null, doc: Document): string {
  if (!ids) return '';
  return ids
    .split(/\s+/)
    .map((id) => doc.getElementById(id))
    .filter((element): element is HTMLElement => element !== null)
    .map(readText)
    .join(' ')
    .trim();
}

const isField = (
  element: Element,
): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLSelectElement ||
  element instanceof HTMLTextAreaElement;

/** The accessible name, by the usual precedence (a simplified accname). */
export function accessibleName(element: Element): string {
  const doc = element.ownerDocument;
  const labelledBy = textOfIds(element.getAttribute('aria-labelledby'), doc);
  if (labelledBy) return labelledBy;
  const label = element.getAttribute('aria-label')?.trim();
  if (label) return label;
  if (isField(element)) {
    const labels = [...(element.labels ?? [])].map(readText).join(' ').trim();
    if (labels) return labels;
    const placeholder = element.getAttribute('placeholder')?.trim();
    if (placeholder) return placeholder;
  } else if (element instanceof HTMLImageElement) {
    return element.alt.trim();
  } else {
    const text = readText(element);
    if (text) return text;
  }
  return element.getAttribute('title')?.trim() ?? '';
}

/** A toggle's aria-pressed, a checkbox's aria-checked: true, false or absent. */
function ariaFlag(element: Element, name: string): boolean | undefined {
  const value = element.getAttribute(name);
  if (value === 'true' || value === 'mixed') return true;
  if (value === 'false') return false;
  return undefined;
}

const TEXT_TYPES = new Set(['text', 'email', 'tel', 'url', 'password', '']);

function roleOf(element: HTMLElement): SpokenRole {
  if (element.closest('[data-osk-panel]')) return 'key';
  const role = element.getAttribute('role');
  switch (role) {
    case 'button':
      return ariaFlag(element, 'aria-pressed') === undefined ? 'button' : 'toggle';
    case 'switch':
      return 'toggle';
    case 'link':
    case 'checkbox':
    case 'radio':
    case 'heading':
      return role;
    case 'searchbox':
      return 'search';
    case 'textbox':
      return 'edit';
    case 'spinbutton':
      return 'quantity';
    case 'listbox':
    case 'combobox':
      return 'list box';
  }
  if (element instanceof HTMLAnchorElement && element.hasAttribute('href')) return 'link';
  if (element instanceof HTMLButtonElement || element.tagName === 'SUMMARY') {
    return ariaFlag(element, 'aria-pressed') === undefined ? 'button' : 'toggle';
  }
  if (element instanceof HTMLInputElement) {
    const type = element.type;
    if (type === 'search') return 'search';
    if (type === 'number' || (TEXT_TYPES.has(type) && element.dataset.arrows === 'vertical')) {
      return 'quantity';
    }
    if (TEXT_TYPES.has(type)) return 'edit';
    if (type === 'checkbox' || type === 'radio') return type;
    if (type === 'button' || type === 'submit' || type === 'reset') return 'button';
    return 'other';
  }
  if (element instanceof HTMLTextAreaElement) return 'edit';
  if (element instanceof HTMLSelectElement) return 'list box';
  if (/^H[1-6]$/.test(element.tagName)) return 'heading';
  return 'other';
}

function valueOf(element: HTMLElement): string | undefined {
  if (element instanceof HTMLSelectElement) return element.selectedOptions[0]?.text;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    return element.type === 'password' ? '' : element.value;
  }
  return undefined;
}

function radioPosition(element: HTMLElement): ControlFacts['position'] {
  if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) {
    return undefined;
  }
  const scope = element.form ?? element.ownerDocument;
  const group = [...scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
    (radio) => radio.name === element.name,
  );
  return { index: group.indexOf(element) + 1, count: group.length };
}

/** Everything control-words.ts needs to say about `element`. */
export function readControl(element: HTMLElement): ControlFacts {
  const role = roleOf(element);
  const facts: ControlFacts = { role, name: accessibleName(element) };
  const value = valueOf(element);
  if (value !== undefined && role !== 'checkbox' && role !== 'radio') facts.value = value;
  const pressed = ariaFlag(element, 'aria-pressed');
  if (pressed !== undefined) facts.pressed = pressed;
  if (role === 'checkbox' || role === 'radio') {
    facts.checked =
      element instanceof HTMLInputElement
        ? element.checked
        : ariaFlag(element, 'aria-checked') === true;
  }
  if (element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true') {
    facts.disabled = true;
  }
  if (role === 'heading') {
    facts.level = Number(element.getAttribute('aria-level') ?? element.tagName.slice(1)) || 2;
  }
  const description = textOfIds(element.getAttribute('aria-describedby'), element.ownerDocument);
  if (description && description !== facts.name) facts.description = description;
  if (element instanceof HTMLInputElement && element.dataset.osk) facts.onScreenKeyboard = true;
  const position = radioPosition(element);
  if (position) facts.position = position;
  return facts;
}

/** The first price in `scope` that is not struck through (a card's or a product's price). */
export function firstPrice(scope: Element): string | null {
  const found = [...scope.querySelectorAll('[data-price]')].find(
    (candidate) => !candidate.closest('s'),
  );
  return found?.textContent.trim() ?? null;
}

/** The product card a control sits in: its full title and its price (not the struck one). */
export function readCard(
  element: Element,
): { card: Element; title: string; price: string | null } | null {
  const card = element.closest('article');
  if (!card) return null;
  const heading = card.querySelector('h1, h2, h3, h4');
  if (!heading) return null;
  const titled = heading.querySelector('[title]');
  const title = titled?.getAttribute('title')?.trim() || readText(heading);
  const price = firstPrice(card);
  return { card, title, price };
}

/** The open dialog a control sits in, with its name and description. */
export function readDialog(
  element: Element,
): { dialog: Element; name: string; description: string } | null {
  const dialog = element.closest('dialog, [role="dialog"], [role="alertdialog"]');
  if (!dialog) return null;
  return {
    dialog,
    name: accessibleName(dialog),
    description: textOfIds(dialog.getAttribute('aria-describedby'), dialog.ownerDocument),
  };
}
