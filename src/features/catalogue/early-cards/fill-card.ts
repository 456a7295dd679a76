/**
 * A painted card, or a painted product page: its template (card-template.ts) with the
 * stand-in's marks replaced by a product's values, each written as the app writes it (the same rules: truncated
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
import { htmlText } from '@/lib/html-text';
import { truncateWords } from '@/lib/text';
import { CARD_DESCRIPTION_WORDS, CARD_TITLE_WORDS } from '../components/card-words';
import { productCategory } from '../product-category';
import { STAND_IN, STAND_IN_LIST_PRICE } from './card-template';

/** What each mark becomes: in text, and in attributes. */
export interface CardValues {
  text: Map<string, string>;
  attributes: Map<string, string>;
}

type Shown = Pick<ShownLanguage, 't' | 'language'>;

/** The values a card and the product page both show: category, price, rating, image. */
function sharedValues(product: Product, shown: Shown): { text: Pairs; attributes: Pairs } {
  const standIn = ratingTexts(shown, STAND_IN.rating.rate, STAND_IN.rating.count);
  const rating = ratingTexts(shown, product.rating.rate, product.rating.count);
  const price = (cents: Cents) => formatPrice(shown.language, cents);
  return {
    text: [
      [STAND_IN.category, productCategory(product.category, shown)],
      [price(toCents(STAND_IN.price)), price(toCents(product.price))],
      [standIn.reviews, rating.reviews],
    ],
    attributes: [
      [STAND_IN.title, product.title],
      [STAND_IN.image, product.image],
      [standIn.label, rating.label],
      [
        litStarsPath(toHalfStars(STAND_IN.rating.rate)),
        litStarsPath(toHalfStars(product.rating.rate)),
      ],
    ],
  };
}

type Pairs = [string, string][];

/** A product card's values: its words cut short, its list price, its link. */
export function cardValues(product: Product, listPrice: Cents, shown: Shown): CardValues {
  const shared = sharedValues(product, shown);
  const price = (cents: Cents) => formatPrice(shown.language, cents);
  return {
    text: new Map([
      [
        truncateWords(STAND_IN.title, CARD_TITLE_WORDS),
        truncateWords(product.title, CARD_TITLE_WORDS),
      ],
      [
        truncateWords(STAND_IN.description, CARD_DESCRIPTION_WORDS),
        truncateWords(product.description, CARD_DESCRIPTION_WORDS),
      ],
      [price(STAND_IN_LIST_PRICE), price(listPrice)],
      ...shared.text,
    ]),
    attributes: new Map([
      [`/product/${STAND_IN.id}`, `/product/${product.id}`],
      ...shared.attributes,
    ]),
  };
}

/** The product page's values: its whole title and description. */
export function detailValues(product: Product, shown: Shown): CardValues {
  const shared = sharedValues(product, shown);
  return {
    text: new Map([
      [STAND_IN.title, product.title],
      [STAND_IN.description, product.description],
      ...shared.text,
    ]),
    attributes: new Map(shared.attributes),
  };
}

/** Every mark the card template must hold, as HTML writes it: a whole text, a whole attribute. */
export function marksOf(values: CardValues): string[] {
  return [
    ...[...values.text.keys()].map((mark) => `>${htmlText(mark)}<`),
    ...[...values.attributes.keys()].map((mark) => `="${htmlText(mark).replace(/"/g, '&quot;')}"`),
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
