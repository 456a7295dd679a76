import { defineMessages } from '@/i18n/messages';

export const aboutText = defineMessages('about', {
  title: 'About',
  intro:
    'Kiosk Shop is a self-service shop for in-store pickup. Browse the catalogue here or at home, fill your cart, and collect your order at the counter — store pickup is free.',
  fastTitle: 'Fast & Easy',
  fastText:
    'Find what you need with search and categories, add it in one tap and check out in seconds.',
  curatedTitle: 'Curated Products',
  curatedText:
    'A hand-picked range of clothing, jewelery and electronics, described honestly and priced clearly.',
  secureTitle: 'Secure Shopping',
  secureText: 'No account, no card details, nothing sent anywhere until you pay at the counter.',
});
