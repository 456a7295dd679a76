/// <reference types="vite/client" />

/** Which build this renderer is: the Electron kiosk (memory router) or the web shop. */
declare const __SHOP_TARGET__: 'kiosk' | 'web';
/** Catalogue host baked in at build time (VITE_CATALOGUE_URL), used when no bridge says otherwise. */
declare const __SHOP_CATALOGUE_URL__: string;

/** Every English message accented and 40 % longer (vite-plugins/messages.mts), for layout tests. */
declare module 'virtual:shop-pseudo-catalog' {
  /** As src/i18n/catalog.ts's Catalog: a compiled text by message id. */
  const catalog: Readonly<
    Record<string, (values?: Readonly<Record<string, string | number>>) => string>
  >;
  export default catalog;
}
