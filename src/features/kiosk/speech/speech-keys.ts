/**
 * The keys of speech: which key turns it on, and which keys, once it is on,
 * repeat, help and change the volume. Pure, over the few fields of a key event they need.
 */
export type KeyFacts = Pick<
  KeyboardEvent,
  'key' | 'isTrusted' | 'repeat' | 'altKey' | 'ctrlKey' | 'metaKey'
>;

/** The keys a keypad sends to move and choose: the first of them turns speech on. */
const FIRST_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Tab',
  'Enter',
  ' ',
]);

/**
 * Whether this key, pressed while speech is off, turns it on. Only a real key: the
 * on-screen keyboard's Enter is a made-up event, and a touch must never start speech.
 * Not a chord (the staff exit is one) and not a held key's repeats. Not while a dialog is
 * open: the staff PIN dialog is staff at a keyboard, and the idle prompt's keys answer it.
 */
export function turnsSpeechOn(event: KeyFacts, dialogOpen: boolean): boolean {
  if (!event.isTrusted || event.repeat || dialogOpen) return false;
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return FIRST_KEYS.has(event.key);
}

export type SpeechKey = 'repeat' | 'help' | 'louder' | 'quieter';

/**
 * What a key does to speech while it is on. F1 and the media volume keys work everywhere;
 * R, H, plus and minus only outside a text field, where they would be typed.
 */
export function speechKeyOf(event: KeyFacts, inTextField: boolean): SpeechKey | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case 'F1':
      return 'repeat';
    case 'AudioVolumeUp':
      return 'louder';
    case 'AudioVolumeDown':
      return 'quieter';
  }
  if (inTextField) return null;
  switch (event.key) {
    case 'r':
    case 'R':
      return 'repeat';
    case 'h':
    case 'H':
      return 'help';
    case '+':
    case '=':
      return 'louder';
    case '-':
      return 'quieter';
    default:
      return null;
  }
}

const NOT_TYPED = new Set([
  'button',
  'submit',
  'reset',
  'checkbox',
  'radio',
  'range',
  'color',
  'file',
  'image',
]);

/** A control where letters and signs are typed, not keys for speech. */
export function isTextField(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLInputElement) return !NOT_TYPED.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}
