/**
 * Editing a field as typing would: through the value setter React watches and a real
 * `input` event, so the field's own onChange (digits-only quantities, the search and
 * voucher state) runs exactly as it does for a physical keyboard.
 */
const valueProperty = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');

function replaceValue(field: HTMLInputElement, value: string, caret: number): void {
  valueProperty?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  try {
    field.setSelectionRange(caret, caret);
  } catch {
    // Some input types have no selection; the caret then stays at the end.
  }
}

function selection(field: HTMLInputElement): [number, number] {
  const end = field.value.length;
  return [field.selectionStart ?? end, field.selectionEnd ?? end];
}

export function typeInto(field: HTMLInputElement, text: string): void {
  const [start, end] = selection(field);
  const next = field.value.slice(0, start) + text + field.value.slice(end);
  if (field.maxLength >= 0 && next.length > field.maxLength) return;
  replaceValue(field, next, start + text.length);
}

export function deleteBackward(field: HTMLInputElement): void {
  const [start, end] = selection(field);
  if (start === end && start === 0) return;
  const from = start === end ? start - 1 : start;
  replaceValue(field, field.value.slice(0, from) + field.value.slice(end), from);
}

/**
 * Enter, as the physical key: the field's own key handler first (a quantity commits its
 * value), then the form's implicit submission with its validation (a required, empty
 * search is refused with the browser's message). Returns false while the form is invalid.
 */
export function pressEnter(field: HTMLInputElement): boolean {
  const keydown = new KeyboardEvent('keydown', {
    key: 'Enter',
    code: 'Enter',
    bubbles: true,
    cancelable: true,
  });
  if (!field.dispatchEvent(keydown)) return true;
  const { form } = field;
  if (!form) return true;
  if (!form.checkValidity()) {
    form.reportValidity();
    return false;
  }
  form.requestSubmit();
  return true;
}
