/** How many words of a title and a description a product card shows. */
export const CARD_TITLE_WORDS = 6;
export const CARD_DESCRIPTION_WORDS = 12;
