import type { KioskBridge, RendererConfig } from '@shared/bridge';
import { isUsableCatalogueUrl, normaliseCatalogueUrl } from '@shared/catalogue-url';

/**
 * The one answer to "where am I running, which kiosk behaviours are on, and is there a
 * bridge?". Everything in the renderer asks this (through useCapabilities), never
 * `__SHOP_TARGET__` or `window.kiosk` directly.
 *
 * - The web build: no kiosk behaviours.
 * - The kiosk renderer build inside Electron: the main process's config decides (the bridge).
 * - The kiosk renderer build without a bridge: build-time defaults.
 */
export interface KioskBehaviours {
  /** Offer to start over after this many seconds without a touch; null = never. */
  idleResetSeconds: number | null;
  /** The staff exit PIN dialog: only the main process (the bridge) can quit the app. */
  staffExit: boolean;
}

export interface Capabilities {
  /** The kiosk renderer build (memory router, kiosk styling) or the web shop (browser router). */
  target: 'kiosk' | 'web';
  /** Base URL of the FakeStore-shaped catalogue, without a trailing slash. */
  catalogueUrl: string;
  /** The preload bridge; null in a browser and in the kiosk renderer opened without Electron. */
  bridge: KioskBridge | null;
  kiosk: KioskBehaviours;
}

declare global {
  interface Window {
    kiosk?: KioskBridge;
  }
}

/** What the build baked in: the target and the catalogue URL (VITE_CATALOGUE_URL). */
export interface BuildDefaults {
  target: 'kiosk' | 'web';
  catalogueUrl: string;
}

const NO_KIOSK_BEHAVIOURS: KioskBehaviours = { idleResetSeconds: null, staffExit: false };

/** The bridge's config, checked: a bad value falls back to the build's, never a crash. */
function readBridgeConfig(bridge: KioskBridge): RendererConfig | null {
  try {
    return bridge.getConfig();
  } catch (error) {
    console.warn('[platform] the kiosk bridge gave no config; using build-time defaults', error);
    return null;
  }
}

export function resolveCapabilities(
  build: BuildDefaults,
  bridge: KioskBridge | null,
): Capabilities {
  const defaults: Capabilities = {
    target: build.target,
    catalogueUrl: normaliseCatalogueUrl(build.catalogueUrl),
    bridge,
    kiosk: NO_KIOSK_BEHAVIOURS,
  };
  const config = bridge ? readBridgeConfig(bridge) : null;
  if (!config) return defaults;
  // Typed, but it crossed a process boundary: check before trusting it.
  const { catalogueUrl: url, idleTimeoutSeconds: idle } = config as Partial<
    Record<keyof RendererConfig, unknown>
  >;
  const catalogueUrl = typeof url === 'string' ? normaliseCatalogueUrl(url) : '';
  return {
    ...defaults,
    catalogueUrl: isUsableCatalogueUrl(catalogueUrl) ? catalogueUrl : defaults.catalogueUrl,
    kiosk: {
      idleResetSeconds: typeof idle === 'number' && Number.isFinite(idle) && idle > 0 ? idle : null,
      staffExit: true,
    },
  };
}

export function detectCapabilities(win: Window = window): Capabilities {
  return resolveCapabilities(
    { target: __SHOP_TARGET__, catalogueUrl: __SHOP_CATALOGUE_URL__ },
    win.kiosk ?? null,
  );
}
