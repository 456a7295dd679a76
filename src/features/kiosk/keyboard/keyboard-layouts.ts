/** Which keyboard a field asks for with its `data-osk` attribute. */
export type KeyboardKind = 'text' | 'numeric';

/** `data-osk` values: a text field, one that starts in capitals (voucher codes), digits only. */
export type FieldKeyboard = 'text' | 'caps' | 'numeric';

export function keyboardFor(field: HTMLElement): FieldKeyboard | null {
  const wanted = field.dataset.osk;
  return wanted === 'text' || wanted === 'caps' || wanted === 'numeric' ? wanted : null;
}

/** Letters, digits and the few marks product names and searches use. */
export const TEXT_ROWS: readonly (readonly string[])[] = [
  ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'],
  ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'],
  ['a', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l', "'"],
  ['z', 'x', 'c', 'v', 'b', 'n', 'm', '-', '.', '&'],
];

export const NUMERIC_ROWS: readonly (readonly string[])[] = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
];
