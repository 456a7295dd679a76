/// <reference types="vite/client" />

/** Which build this renderer is: the Electron kiosk (memory router) or the web shop. */
declare const __SHOP_TARGET__: 'kiosk' | 'web';
/** Catalogue host baked in at build time (VITE_CATALOGUE_URL), used when no bridge says otherwise. */
declare const __SHOP_CATALOGUE_URL__: string;
