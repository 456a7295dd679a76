import { defineMessages } from '@/i18n/messages';

/** The on-screen keyboard's own keys and name; letter keys are their letters. */
export const keyboardText = defineMessages('keyboard', {
  keyboard: 'On-screen keyboard',
  close: 'Close keyboard',
  backspace: 'Backspace',
  done: 'Done',
  shift: 'Shift',
  space: 'Space',
  spaceShown: 'space',
  enter: 'Enter',
  latinLetters: 'Latin letters, ABC',
  ownLetters: 'Arabic letters, عربي',
});
