/**
 * What only the kiosk build loads at start, beside the first download: its behaviours
 * (idle reset, attract screen, keyboard, accessibility mode, keypad, speech with the cart's
 * report), with the whole stylesheet they are styled by (the first download has only
 * first-screen.css).
 */
import '@/styles.css';

export { KioskWithCart } from './kiosk-with-cart';
