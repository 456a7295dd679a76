/**
 * What speech says about itself: its first words (that it is on and how to use it, as the
 * issue asks: which keys move, choose, go back, repeat and change the volume, and how to
 * turn it off), the volume, and its last words.
 */
export const SPEECH_ON =
  'Speech is on. ' +
  'To move, press Tab or the arrow keys. ' +
  'To choose, press Enter or Space. ' +
  'To go back, or close a dialog, press Escape. ' +
  'To hear something again, press R or F1. For this help, press H. ' +
  'To change the volume, press plus or minus. ' +
  'Any key stops the speech. ' +
  'To turn speech off, choose the Speech button, the last control on every screen: press Up from the top of the page.';

export const SPEECH_OFF = 'Speech off.';

/** Said in the idle prompt's description while speech is on. */
export const ANY_KEY_STAYS = 'Press any key to keep shopping.';

export const VOLUME_STEPS = 10;

/** "Volume 70 percent", and at either end which end it is. */
export function volumeWords(step: number): string {
  const percent = Math.round((step / VOLUME_STEPS) * 100);
  if (step >= VOLUME_STEPS) return `Volume ${percent} percent, the loudest.`;
  if (step <= 1) return `Volume ${percent} percent, the quietest.`;
  return `Volume ${percent} percent.`;
}
