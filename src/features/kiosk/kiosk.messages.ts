import { defineMessages } from '@/i18n/messages';

/** What only a kiosk shows: the attract screen, its bar, the idle prompt, the staff exit. */
export const kioskText = defineMessages('kiosk', {
  touchToStart: 'Touch to start',
  pickup: 'Order here, pick up at the counter',
  chooseLanguage: 'Choose your language',
  accessibilityBefore: '',
  accessibility: 'Accessibility',
  accessibilityAfter: ' mode',
  accessibilityOn: 'Accessibility mode is on',
  accessibilityHint: 'Everything you can touch is in the lower part of the screen.',
  speech: 'Speech',
  on: 'On',
  off: 'Off',
  stillThere: 'Are you still there?',
  closedTitle: 'We are closed',
  closedBody: 'This kiosk opens again with the store. See you soon!',
  privacy:
    "For the next shopper's privacy, this session ends and the cart is emptied in {seconds, plural, one {# second} other {# seconds}}.",
  secondsLeft: '{seconds, plural, other {seconds left}}',
  secondsLeftSpoken: '{seconds, plural, one {# second left.} other {# seconds left.}}',
  stillHere: "I'm still here",
  startOver: 'Start over',
  staffExit: 'Staff exit',
  staffPin: 'Enter the staff PIN to close the kiosk',
  cancel: 'Cancel',
  closeKiosk: 'Close kiosk',
  wrongPin: 'That PIN is not right.',
  locked: 'Too many wrong PINs. Try again in {wait}.',
  waitSeconds: '{count, plural, one {# second} other {# seconds}}',
  waitMinutes: '{count, plural, one {# minute} other {# minutes}}',
  waitHours: '{count, plural, one {# hour} other {# hours}}',
});
