import { useEffect } from 'react';
import { TAKEN_OVER_EVENT } from './launch-marks';

function useTell(): void {
  useEffect(() => {
    document.dispatchEvent(new Event(TAKEN_OVER_EVENT));
  }, []);
}

/**
 * Tells the page, once, that React has its first page on screen, rendered afresh or taken
 * over with every part of it: called beside the page, inside the page's own boundary, which
 * React takes over last. The kiosk's launch script then hands over a tap it held meanwhile
 * (launch-screen.ts). The kiosk's only, by the build's literal: the web shop has no launch
 * script to tell.
 */
export const useTellTakenOver: () => void = __SHOP_TARGET__ === 'kiosk' ? useTell : () => undefined;
