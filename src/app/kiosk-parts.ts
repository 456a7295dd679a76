/**
 * What only the kiosk build loads at start, beside the first download: its behaviours
 * (idle reset, attract screen, keyboard, accessibility mode, keypad), with the whole
 * stylesheet they are styled by (the first download has only first-screen.css).
 */
import '@/styles.css';

export { KioskBehaviours } from '@/features/kiosk/kiosk-behaviours';
