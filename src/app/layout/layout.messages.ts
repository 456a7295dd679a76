import { defineMessages } from '@/i18n/messages';

/** The frame around every page: header, footer, menus. */
export const layoutText = defineMessages('layout', {
  skipToContent: 'Skip to content',
  home: 'Home',
  products: 'Products',
  about: 'About',
  mainNav: 'Main',
  footerNav: 'Footer',
  cart: 'Cart, {count, plural, one {# item} other {# items}}',
  openMenu: 'Open menu',
  credit: 'Developed with care by the Kiosk Shop team.',
  loading: 'Loading…',
  pageLoadFailed: 'This page could not be loaded',
  language: 'Language: {name}',
});
