/**
 * Where Escape goes back to on the kiosk when no dialog or keyboard is open: the previous
 * screen of this session on a product, the cart and checkout; with no previous screen (a
 * fresh session's history) the screen a shopper would come from. Elsewhere Escape does
 * nothing: the landing page and the catalogue are where a journey starts.
 */
export type BackTarget = -1 | string | null;

export function backTarget(pathname: string, hasHistory: boolean): BackTarget {
  const from = pathname.replace(/\/+$/, '');
  let fallback: string | null = null;
  if (/^\/product\/[^/]+$/.test(from) || from === '/cart') fallback = '/products';
  else if (from === '/checkout') fallback = '/cart';
  if (fallback === null) return null;
  return hasHistory ? -1 : fallback;
}
