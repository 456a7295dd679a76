import type { Message } from '@/i18n/messages';
import { layoutText } from './layout.messages';

export const NAV_LINKS: readonly { to: string; label: Message }[] = [
  { to: '/', label: layoutText.home },
  { to: '/products', label: layoutText.products },
  { to: '/about', label: layoutText.about },
];

/** The page a nav link names is on screen; /home is the same page as /, so Home is current on both. */
export function isCurrentLink(to: string, pathname: string): boolean {
  return pathname === to || (to === '/' && pathname === '/home');
}
