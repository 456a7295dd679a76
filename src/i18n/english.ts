/**
 * English as a plain value, for code that runs without the language store (and so without
 * React): the products page's early cards, which paint only the page written in English.
 */
import { DEFAULT_LANGUAGE } from './languages';
import type { Message, MessageValues } from './messages';

export const IN_ENGLISH_TEXTS = {
  language: DEFAULT_LANGUAGE,
  t: (message: Message, values?: MessageValues): string => message.en(values),
};
