export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/about', label: 'About' },
] as const;

/** The page a nav link names is on screen; /home is the same page as /, so Home is current on both. */
export function isCurrentLink(to: string, pathname: string): boolean {
  return pathname === to || (to === '/' && pathname === '/home');
}
