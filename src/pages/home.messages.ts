import { defineMessages } from '@/i18n/messages';

export const homeText = defineMessages('home', {
  title: 'Welcome',
  pickup: 'Order here, pick up at the counter',
  headline: 'Everything you love, ready when you are',
  tagline:
    'Browse clothing, jewelery and electronics, fill your cart in a few taps and collect your order in store. Store pickup is always free.',
  start: 'Start Shoping',
  learnMore: 'Learn more',
});
