/**
 * The marks the kiosk's launch screen leaves on the page and the word the app sends it
 * (launch-screen.ts), in a file of their own: the app's first download carries these and
 * nothing else of the launch screen's.
 */

/**
 * Marks the page (`data-launch-screen` on `<html>`): PAINTED, its launch screen painted
 * before the app ran, or TOUCHED, somebody touched it since.
 */
export const PAINTED_MARK = 'launchScreen';
export const PAINTED = 'painted';
export const TOUCHED = 'touched';

/** What the page tells once React has its first page on screen (taken-over.ts). */
export const TAKEN_OVER_EVENT = 'shop:taken-over';
