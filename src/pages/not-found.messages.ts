import { defineMessages } from '@/i18n/messages';

export const notFoundText = defineMessages('notFound', {
  title: 'Page not found',
  heading: "Oh no, this route doesn't exist!",
  text: 'The page you were looking for is not here.',
  home: 'Back to Home',
});
