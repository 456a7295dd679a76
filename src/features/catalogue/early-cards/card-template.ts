/**
 * The product card as the build writes it into the products page, for the early cards to
 * paint from (and the product page's detail, the same way, into that page): the app's own card (../components/product-card.tsx) rendered at build time
 * for a stand-in product whose every value is a mark no catalogue has (the build checks
 * each is found), so a painted card is the app's markup with the marks replaced.
 */
import type { Product } from '@shared/product-rule';
import type { Cents } from '@web-shared/lib/money';

/** The `<template>` element of the products page that holds the card. */
export const CARD_TEMPLATE_ID = 'shop-card-template';

/** Marks a card's place in the loading grid (../components/product-card-skeleton.tsx). */
export const CARD_SLOT = 'data-card-slot';

/** The product page's template of the product, filled as a card's is. */
export const PRODUCT_TEMPLATE_ID = 'shop-product-template';

/** Marks the product's place on its loading page (../components/product-slot.tsx). */
export const PRODUCT_SLOT = 'data-product-slot';

export const STAND_IN: Product = {
  id: 987654321,
  title: 'shop-card-title',
  price: 98765.43,
  description: 'shop-card-description',
  category: 'shop-card-category',
  image: '/shop-card-image.png',
  rating: { rate: 2.5, count: 987654 },
};

/** The stand-in's struck-through list price. */
export const STAND_IN_LIST_PRICE = 12345678 as Cents;
