import type { KioskBridge, RendererConfig } from '../../electron/shared/bridge';

/**
 * The only code that knows whether the shop runs in the Electron kiosk or a browser.
 * In Electron the preload bridge (`window.kiosk`) gives the configured values; without
 * it (the web build, or the kiosk renderer opened from disk) build-time defaults apply.
 */
export interface Platform {
  target: 'kiosk' | 'web';
  config: RendererConfig;
  bridge: KioskBridge | null;
}

declare global {
  interface Window {
    kiosk?: KioskBridge;
  }
}

const DEFAULT_IDLE_TIMEOUT_SECONDS = 0;

function normalizeCatalogueUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

function isUsableCatalogueUrl(url: string): boolean {
  if (url.startsWith('/')) return true;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function buildTimeConfig(): RendererConfig {
  return {
    catalogueUrl: normalizeCatalogueUrl(__SHOP_CATALOGUE_URL__),
    mode: __SHOP_TARGET__ === 'kiosk' ? 'kiosk' : 'windowed',
    idleTimeoutSeconds: DEFAULT_IDLE_TIMEOUT_SECONDS,
  };
}

function readBridgeConfig(bridge: KioskBridge, fallback: RendererConfig): RendererConfig {
  try {
    const config = bridge.getConfig();
    const catalogueUrl = normalizeCatalogueUrl(config.catalogueUrl);
    return {
      catalogueUrl: isUsableCatalogueUrl(catalogueUrl) ? catalogueUrl : fallback.catalogueUrl,
      mode: config.mode === 'windowed' ? 'windowed' : 'kiosk',
      idleTimeoutSeconds:
        Number.isFinite(config.idleTimeoutSeconds) && config.idleTimeoutSeconds > 0
          ? config.idleTimeoutSeconds
          : 0,
    };
  } catch (error) {
    console.warn('[platform] the kiosk bridge gave no config; using build-time defaults', error);
    return fallback;
  }
}

export function detectPlatform(win: Window = window): Platform {
  const fallback = buildTimeConfig();
  const bridge = win.kiosk ?? null;
  return {
    target: __SHOP_TARGET__,
    config: bridge ? readBridgeConfig(bridge, fallback) : fallback,
    bridge,
  };
}
