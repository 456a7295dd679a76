import { useCallback, useState } from 'react';
import { clearKeptParts } from './shopper-session';

export interface ShopperSession {
  /** The session's key: everything rendered under it is the shopper's (ON_SCREEN). */
  key: number;
  /** After a wipe the kiosk shows its attract screen until the next touch. */
  attract: boolean;
  endAttract: () => void;
  /** Ends the shopper's session: clears what is KEPT, then remounts the rest. */
  wipe: () => void;
}

/** The app's hold on the shopper's session (shopper-session.ts says what one is). */
export function useShopperSession(): ShopperSession {
  const [key, setKey] = useState(0);
  const [attract, setAttract] = useState(false);
  const wipe = useCallback(() => {
    clearKeptParts();
    setKey((current) => current + 1);
    setAttract(true);
    window.scrollTo(0, 0);
  }, []);
  const endAttract = useCallback(() => setAttract(false), []);
  return { key, attract, endAttract, wipe };
}
