import { defineMessages } from '@/i18n/messages';

/** The language menu's list, in a chunk of its own. */
export const languageListText = defineMessages('languageList', {
  languages: 'Languages',
});
