/**
 * What an arrow key does on the kiosk's keypad: it moves to the next or previous control
 * in reading order (Down and Right next, Up and Left previous), except where the focused
 * control uses that arrow itself. Those keep it, so the keypad never steals a native use:
 * a caret that can still move, a quantity's value, a select's options, a radio group.
 */
export type ArrowKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

export const isArrowKey = (key: string): key is ArrowKey =>
  key === 'ArrowUp' || key === 'ArrowDown' || key === 'ArrowLeft' || key === 'ArrowRight';

/**
 * Which arrows a control uses itself:
 * - none: buttons, links, headings (every arrow moves on);
 * - caret: a one-line text field (Left and Right move the caret until it reaches an end;
 *   Up and Down, which would only jump it to an end, move on, so a keypad with arrows and
 *   Enter alone is never trapped in a field);
 * - vertical: a value stepped with Up and Down (the quantity), Left and Right move on;
 * - all: selects, sliders, radio groups, multi-line text and composite widgets.
 */
export type ArrowUse = 'none' | 'caret' | 'vertical' | 'all';

export interface ArrowContext {
  use: ArrowUse;
  /** For a caret: whether it is collapsed at the very start or the very end of the text. */
  caretAtStart?: boolean;
  caretAtEnd?: boolean;
}

export type ArrowMove = 'next' | 'previous' | null;

/**
 * An arrow as reading order takes it: in a page written right to left (Arabic) Left is
 * forward and Right back, as the text and the layout run, so they swap; Up and Down stay.
 */
export function logicalArrow(key: ArrowKey, rightToLeft: boolean): ArrowKey {
  if (!rightToLeft) return key;
  if (key === 'ArrowLeft') return 'ArrowRight';
  if (key === 'ArrowRight') return 'ArrowLeft';
  return key;
}

/** Whether the page is written right to left (`<html dir="rtl">`, set with its language). */
export const pageIsRightToLeft = (): boolean => document.documentElement.dir === 'rtl';

const FORWARD: Record<ArrowKey, boolean> = {
  ArrowDown: true,
  ArrowRight: true,
  ArrowUp: false,
  ArrowLeft: false,
};

/** Where an arrow takes the focus from a control, or null when the control keeps it. */
export function arrowMove(
  key: ArrowKey,
  { use, caretAtStart, caretAtEnd }: ArrowContext,
): ArrowMove {
  const move = FORWARD[key] ? 'next' : 'previous';
  const vertical = key === 'ArrowUp' || key === 'ArrowDown';
  switch (use) {
    case 'none':
      return move;
    case 'all':
      return null;
    case 'vertical':
      return vertical ? null : move;
    case 'caret':
      if (vertical) return move;
      if (key === 'ArrowLeft') return caretAtStart ? move : null;
      return caretAtEnd ? move : null;
  }
}

const ARROW_ROLES: Record<string, ArrowUse> = {
  spinbutton: 'vertical',
  slider: 'all',
  radio: 'all',
  radiogroup: 'all',
  listbox: 'all',
  option: 'all',
  combobox: 'all',
  menu: 'all',
  menubar: 'all',
  menuitem: 'all',
  menuitemcheckbox: 'all',
  menuitemradio: 'all',
  tablist: 'all',
  tab: 'all',
  tree: 'all',
  treeitem: 'all',
  grid: 'all',
  treegrid: 'all',
  gridcell: 'all',
};

const CARET_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password']);
const PLAIN_TYPES = new Set(['button', 'submit', 'reset', 'checkbox', 'image', 'file', 'color']);

function inputUse(input: HTMLInputElement): ArrowUse {
  const type = input.type;
  if (CARET_TYPES.has(type)) return 'caret';
  if (type === 'number') return 'vertical';
  if (PLAIN_TYPES.has(type)) return 'none';
  // radio, range, and the date and time pickers step their value with arrows.
  return 'all';
}

/**
 * Reads a control's arrow use from the DOM. A control that handles arrows itself says so
 * with `data-arrows` (the quantity field: "vertical"); ARIA roles and native elements
 * answer for the rest.
 */
export function arrowUseOf(element: Element | null): ArrowUse {
  if (!(element instanceof HTMLElement)) return 'none';
  const declared = element.dataset.arrows;
  if (
    declared === 'none' ||
    declared === 'caret' ||
    declared === 'vertical' ||
    declared === 'all'
  ) {
    return declared;
  }
  if (element.isContentEditable) return 'all';
  const role = element.getAttribute('role');
  const byRole = role ? ARROW_ROLES[role] : undefined;
  if (byRole) return byRole;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return 'all';
  if (element instanceof HTMLInputElement) return inputUse(element);
  return 'none';
}

/** The focused control's arrow context, caret included. */
export function arrowContextOf(element: Element | null): ArrowContext {
  const use = arrowUseOf(element);
  if (use !== 'caret' || !(element instanceof HTMLInputElement)) return { use };
  let start: number | null = null;
  let end: number | null = null;
  try {
    start = element.selectionStart;
    end = element.selectionEnd;
  } catch {
    // Some input types have no selection: their caret is unknown, so Left and Right stay.
  }
  if (start === null || end === null || start !== end) return { use };
  return { use, caretAtStart: start === 0, caretAtEnd: end === element.value.length };
}
