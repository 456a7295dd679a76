import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';

type Navigate = (to: string) => void;

const NavigateContext = createContext<Navigate | null>(null);

/**
 * Gives every ShopLink one navigate function that never changes. The router's own Link
 * reads the location, so each of the two dozen links in the header, footer and cards
 * re-rendered at every search, category or page change; a ShopLink renders only with its
 * parent. Only this provider follows the location.
 */
export function ShopNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  const stable = useCallback<Navigate>((to) => void latest.current(to), []);
  return <NavigateContext.Provider value={stable}>{children}</NavigateContext.Provider>;
}

interface ShopLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path inside the shop, e.g. '/product/3'. */
  to: string;
}

/** A link inside the shop: a real <a href> (new tab, copy link), navigated by the router. */
export function ShopLink({ to, onClick, target, ...rest }: ShopLinkProps) {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('ShopLink needs a ShopNavigationProvider inside the router');
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} target={target} onClick={handleClick} {...rest} />;
}
