/**
 * One column of cards (below Tailwind's `sm`, 40rem): a phone, where a card fills the screen
 * and the main thread is several times slower than a laptop's or a kiosk's.
 */
export const PHONE_QUERY = '(max-width: 39.999rem)';

export const isPhoneScreen = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
