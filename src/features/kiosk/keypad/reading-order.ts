/**
 * The controls a shopper can reach, in reading order: what Tab visits, so the keypad's
 * arrows and Tab agree. Inside an open dialog only the dialog's controls count (it is
 * modal), and nothing inert or hidden from assistive technology counts (the shop under
 * the attract screen, an image link duplicated by its title link).
 */
const CANDIDATES = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  '[tabindex]',
  '[contenteditable]:not([contenteditable="false"])',
].join(', ');

/** Whether the element takes up room on screen; happy-dom lays nothing out, so tests pass their own. */
export type IsShown = (element: HTMLElement) => boolean;

export const isShown: IsShown = (element) =>
  typeof element.checkVisibility === 'function'
    ? element.checkVisibility({ visibilityProperty: true })
    : element.getClientRects().length > 0;

function isDisabled(element: HTMLElement): boolean {
  return (
    (element instanceof HTMLButtonElement ||
      element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement) &&
    (element.disabled || element.matches(':disabled'))
  );
}

export function isTabbable(element: HTMLElement, shown: IsShown = isShown): boolean {
  if (element.tabIndex < 0 || isDisabled(element)) return false;
  if (element instanceof HTMLInputElement && element.type === 'hidden') return false;
  if (element.closest('[inert], [aria-hidden="true"]')) return false;
  return shown(element);
}

/** Of a radio group only its checked radio (or its first) is a Tab stop, as in the browser. */
function oneStopPerRadioGroup(controls: HTMLElement[]): HTMLElement[] {
  const stops = new Map<string, HTMLInputElement>();
  for (const control of controls) {
    if (!(control instanceof HTMLInputElement) || control.type !== 'radio' || !control.name) {
      continue;
    }
    const key = `${control.form ? 'form' : 'doc'}:${control.name}`;
    const stop = stops.get(key);
    if (!stop || (!stop.checked && control.checked)) stops.set(key, control);
  }
  return controls.filter(
    (control) =>
      !(control instanceof HTMLInputElement) ||
      control.type !== 'radio' ||
      !control.name ||
      [...stops.values()].includes(control),
  );
}

/** Where focus may go now: the topmost open dialog, or the whole document. */
export function focusScope(doc: Document = document): ParentNode {
  const dialogs = doc.querySelectorAll('dialog[open]');
  return dialogs[dialogs.length - 1] ?? doc;
}

export function readingOrder(scope: ParentNode, shown: IsShown = isShown): HTMLElement[] {
  const controls = [...scope.querySelectorAll<HTMLElement>(CANDIDATES)].filter((element) =>
    isTabbable(element, shown),
  );
  return oneStopPerRadioGroup(controls);
}

/**
 * The control after (or before) `from` in `order`, wrapping at the ends. `from` need not be
 * in the order itself: from a page's heading (focused by a page change, not a Tab stop)
 * the next control is the first one after it in the document.
 */
export function neighbour(
  order: readonly HTMLElement[],
  from: Element,
  direction: 'next' | 'previous',
): HTMLElement | null {
  if (order.length === 0) return null;
  const at = order.indexOf(from as HTMLElement);
  if (at >= 0) {
    const step = direction === 'next' ? 1 : -1;
    return order[(at + step + order.length) % order.length] ?? null;
  }
  if (direction === 'next') {
    const after = order.find(
      (control) => from.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    return after ?? order[0] ?? null;
  }
  const before = order.findLast((control) => {
    const position = from.compareDocumentPosition(control);
    return (
      position & Node.DOCUMENT_POSITION_PRECEDING && !(position & Node.DOCUMENT_POSITION_CONTAINS)
    );
  });
  return before ?? order.at(-1) ?? null;
}
