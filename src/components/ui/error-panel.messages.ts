import { defineMessages } from '@/i18n/messages';

/** A failure shown in place of a page or a list (spec §8: 'Error: {message}'). */
export const errorText = defineMessages('error', {
  error: 'Error: {message}',
  advice: 'Please check the connection and try again. Your cart is safe.',
  retrying: 'Trying again…',
  retry: 'Try again',
});
