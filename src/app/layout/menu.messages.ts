import { defineMessages } from '@/i18n/messages';

/** The small-screen menu's drawer: its own chunk, with its own words. */
export const menuText = defineMessages('menu', {
  menu: 'Menu',
  closeMenu: 'Close menu',
  mobileNav: 'Mobile',
});
