import type { CatalogueInfo, KioskBridge, KioskPreloadApi } from '@shared/bridge';

/**
 * The catalogue's part of the bridge: the fleet's refresh requests in, the catalogue's
 * report out. Only the Electron preload offers them; a kiosk renderer opened from disk (or
 * an older preload) has neither, and then requests never come and reports go nowhere.
 */
export interface CatalogueBridge {
  onCatalogueRefresh(listener: () => void): () => void;
  reportCatalogue(info: CatalogueInfo): void;
}

const NO_CATALOGUE_BRIDGE: CatalogueBridge = {
  onCatalogueRefresh: () => () => undefined,
  reportCatalogue: () => undefined,
};

export function catalogueBridge(bridge: KioskBridge | null): CatalogueBridge {
  if (!bridge) return NO_CATALOGUE_BRIDGE;
  // The preload exposes more than KioskBridge types; each part is checked before use.
  const api = bridge as Partial<Pick<KioskPreloadApi, keyof CatalogueBridge>>;
  return {
    onCatalogueRefresh: (listener) =>
      typeof api.onCatalogueRefresh === 'function'
        ? api.onCatalogueRefresh(listener)
        : NO_CATALOGUE_BRIDGE.onCatalogueRefresh(listener),
    reportCatalogue: (info) => {
      try {
        if (typeof api.reportCatalogue === 'function') api.reportCatalogue(info);
      } catch {
        // A report that cannot be sent costs only itself.
      }
    },
  };
}
