/**
 * What the closed screen says, in one place, each text under its message key (the keys a
 * messages catalogue will use).
 */
export const CLOSED_TEXTS = {
  'kiosk.closed.title': 'We are closed',
  'kiosk.closed.body': 'This kiosk opens again with the store. See you soon!',
} as const;
