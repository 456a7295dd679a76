/**
 * A painted card: the card template (card-template.ts) with the stand-in's marks replaced
 * by a product's values, each written as the app writes it (the same rules: truncated
 * words, the category's name, money, the rating's texts and stars). Text and attributes are
 * set through the DOM, never parsed as HTML: a catalogue's text stays text.
 */
import type { Product } from '@shared/product-rule';
import type { Cents } from '@web-shared/lib/money';
import { toCents } from '@web-shared/lib/money';
import { ratingTexts } from '@/components/ui/rating-texts';
import { litStarsPath, toHalfStars } from '@/components/ui/star-paths';
import { formatPrice } from '@/i18n/formats';
import type { ShownLanguage } from '@/i18n/language-store';
import { truncateWords } from '@/lib/text';
import { CARD_DESCRIPTION_WORDS, CARD_TITLE_WORDS } from '../components/card-words';
import { productCategory } from '../product-category';
import { STAND_IN, STAND_IN_LIST_PRICE } from './card-template';

/** What each mark becomes: in text, and in attributes. */
export interface CardValues {
  text: Map<string, string>;
  attributes: Map<string, string>;
}

export function cardValues(
  product: Product,
  listPrice: Cents,
  shown: Pick<ShownLanguage, 't' | 'language'>,
): CardValues {
  const { language } = shown;
  const standIn = ratingTexts(shown, STAND_IN.rating.rate, STAND_IN.rating.count);
  const rating = ratingTexts(shown, product.rating.rate, product.rating.count);
  const price = (cents: Cents) => formatPrice(language, cents);
  const text = new Map([
    [
      truncateWords(STAND_IN.title, CARD_TITLE_WORDS),
      truncateWords(product.title, CARD_TITLE_WORDS),
    ],
    [
      truncateWords(STAND_IN.description, CARD_DESCRIPTION_WORDS),
      truncateWords(product.description, CARD_DESCRIPTION_WORDS),
    ],
    [STAND_IN.category, productCategory(product.category, shown)],
    [price(toCents(STAND_IN.price)), price(toCents(product.price))],
    [price(STAND_IN_LIST_PRICE), price(listPrice)],
    [standIn.reviews, rating.reviews],
  ]);
  const attributes = new Map([
    [STAND_IN.title, product.title],
    [`/product/${STAND_IN.id}`, `/product/${product.id}`],
    [STAND_IN.image, product.image],
    [standIn.label, rating.label],
    [
      litStarsPath(toHalfStars(STAND_IN.rating.rate)),
      litStarsPath(toHalfStars(product.rating.rate)),
    ],
  ]);
  return { text, attributes };
}

/** Every mark the card template must hold, as HTML writes it: a whole text, a whole attribute. */
export function marksOf(values: CardValues): string[] {
  const html = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [
    ...[...values.text.keys()].map((mark) => `>${html(mark)}<`),
    ...[...values.attributes.keys()].map((mark) => `="${html(mark).replace(/"/g, '&quot;')}"`),
  ];
}

/**
 * Fills `card` (a copy of the template) with `values`. A text or attribute that is a mark
 * becomes its value; a lit-stars outline that becomes empty (no stars) is taken out.
 */
export function fillCard(card: ParentNode, values: CardValues): void {
  const walker = (card as Node).ownerDocument?.createTreeWalker(card, NodeFilter.SHOW_ALL);
  const nodes: Node[] = [];
  for (let node = walker?.nextNode(); node; node = walker?.nextNode()) nodes.push(node);
  for (const node of nodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      const value = values.text.get(node.textContent ?? '');
      if (value !== undefined) node.textContent = value;
    } else if (node instanceof Element) {
      for (const attribute of [...node.attributes]) {
        const value = values.attributes.get(attribute.value);
        if (value === undefined) continue;
        if (value === '' && attribute.name === 'd') node.remove();
        else node.setAttribute(attribute.name, value);
      }
    }
  }
}
