import { defineMessages } from '@/i18n/messages';

/** 'How store pickup works', on the landing page. */
export const pickupText = defineMessages('pickup', {
  heading: 'How store pickup works',
  step: '{number}. {title}',
  pick: 'Pick',
  pickText: 'Browse and add what you like to your cart.',
  confirm: 'Confirm',
  confirmText: 'Confirm your purchase and keep the receipt number.',
  collect: 'Collect',
  collectText: 'Show the receipt at the counter. Pickup is free.',
});
