import type {
  KioskActivityBridge,
  KioskBridge,
  KioskCollectionBridge,
  KioskSpeechBridge,
  RendererConfig,
} from '@shared/bridge';
import { isUsableCatalogueUrl, normaliseCatalogueUrl } from '@shared/catalogue-url';
import {
  DEFAULT_LANGUAGE,
  isShopperLanguage,
  PSEUDO_LANGUAGE,
  SHOPPER_LANGUAGES,
  type ShopperLanguage,
} from '@shared/languages';
import { isDeviceName, isLanguageList } from '@shared/renderer-config-arg';
import { idleResetOf, isIdleSeconds, type IdleReset } from './idle-reset';
import { liveIdleTimes } from './live-config';

export type { IdleReset } from './idle-reset';

/**
 * The one answer to "where am I running, which kiosk behaviours are on, and is there a
 * bridge?". Everything in the renderer asks this (through useCapabilities), never
 * `__SHOP_TARGET__` or `window.kiosk` directly (lint holds it; app.tsx alone reads the
 * target too, to leave the kiosk behaviours out of the web build).
 *
 * - The web build: no kiosk behaviours (no speech either); receipts print through the browser.
 * - The kiosk renderer build without a bridge (opened from disk): a kiosk, with the
 *   default idle times.
 * - The kiosk renderer inside Electron: the main process's config decides. An unattended
 *   kiosk gets every kiosk behaviour with its configured times; a staff laptop in
 *   `--windowed` mode gets none of them (it has a keyboard and a person in front of it).
 *   While it runs, main may send new idle times (live-config.ts; useIdleReset has the ones
 *   in force); everything else here stays as the page started until main relaunches it.
 */
export interface KioskBehaviours {
  /**
   * The idle prompt, wipe and attract screen as the page started; null = never. Main may
   * change the times while the kiosk runs: useIdleReset gives the ones in force.
   */
  idleReset: IdleReset | null;
  /** The staff exit PIN dialog: only the main process (the bridge) can quit the app. */
  staffExit: boolean;
  /** A touch keyboard for the search, voucher and quantity fields. */
  onScreenKeyboard: boolean;
  /** The accessibility mode button on every screen. */
  accessibilityMode: boolean;
  /**
   * A cached catalogue older than this is fetched again between shoppers; null = never
   * (the web build keeps spec §7: one fetch, only when nothing is cached).
   */
  catalogueMaxAgeMinutes: number | null;
  /** Arrows move through the controls and Escape goes back, for a USB keypad. */
  keypadNavigation: boolean;
  /** Speech for blind shoppers, off until asked for; null: the kiosk never speaks. */
  speech: SpeechCapability | null;
}

/** Where the kiosk's speech plays. */
export interface SpeechCapability {
  /**
   * The audio output speech must play on (a device id or label: speechOutputDevice), or
   * null for the system's default.
   */
  outputDevice: string | null;
}

/**
 * `window.kiosk` as the page may rely on it: the kiosk half always, the activity half
 * (reports, receipt signing), the speech half (the espeak-ng voice) and the collection
 * numbers only where the preload gives them, so each use checks.
 */
export type PageBridge = KioskBridge &
  Partial<KioskActivityBridge> &
  Partial<KioskSpeechBridge> &
  Partial<KioskCollectionBridge>;

/** The languages a shopper may choose here, and the one each session starts in. */
export interface LanguageChoice {
  offered: readonly ShopperLanguage[];
  /** One of `offered`, or the layout tests' pseudo-locale. */
  fallback: ShopperLanguage | typeof PSEUDO_LANGUAGE;
}

/** Every language, English first: the web shop, and a kiosk whose main process says nothing. */
export const ALL_LANGUAGES: LanguageChoice = {
  offered: SHOPPER_LANGUAGES,
  fallback: DEFAULT_LANGUAGE,
};

export interface Capabilities {
  /** The kiosk renderer build (memory router, kiosk styling) or the web shop (browser router). */
  target: 'kiosk' | 'web';
  /** Base URL of the FakeStore-shaped catalogue, without a trailing slash. */
  catalogueUrl: string;
  /** The preload bridge; null in a browser and in the kiosk renderer opened without Electron. */
  bridge: PageBridge | null;
  kiosk: KioskBehaviours;
  languages: LanguageChoice;
}

/** The kiosk's defaults when no main process says otherwise. */
export const DEFAULT_IDLE_RESET: IdleReset = { afterSeconds: 90, countdownSeconds: 15 };
export const DEFAULT_CATALOGUE_MAX_AGE_MINUTES = 60;

declare global {
  interface Window {
    kiosk?: PageBridge;
  }
}

/** What the build baked in: the target and the catalogue URL (VITE_CATALOGUE_URL). */
export interface BuildDefaults {
  target: 'kiosk' | 'web';
  catalogueUrl: string;
}

const NO_KIOSK_BEHAVIOURS: KioskBehaviours = {
  idleReset: null,
  staffExit: false,
  onScreenKeyboard: false,
  accessibilityMode: false,
  catalogueMaxAgeMinutes: null,
  keypadNavigation: false,
  speech: null,
};

const UNATTENDED_KIOSK: KioskBehaviours = {
  idleReset: DEFAULT_IDLE_RESET,
  staffExit: false,
  onScreenKeyboard: true,
  accessibilityMode: true,
  catalogueMaxAgeMinutes: DEFAULT_CATALOGUE_MAX_AGE_MINUTES,
  keypadNavigation: true,
  speech: { outputDevice: null },
};

/** A positive finite amount (seconds, minutes). */
const isSeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** An unattended kiosk (every kiosk behaviour) rather than a staff laptop (`--windowed`). */
export function isUnattended(config: { mode?: unknown } | null): boolean {
  return config?.mode !== 'windowed';
}

/** The bridge's config, checked: a bad value falls back to the build's, never a crash. */
export function readBridgeConfig(bridge: KioskBridge): RendererConfig | null {
  try {
    return bridge.getConfig();
  } catch (error) {
    console.warn('[platform] the kiosk bridge gave no config; using build-time defaults', error);
    return null;
  }
}

/** What the build says, before any bridge: a kiosk build is an unattended kiosk. */
function buildCapabilities(build: BuildDefaults, bridge: PageBridge | null): Capabilities {
  return {
    target: build.target,
    catalogueUrl: normaliseCatalogueUrl(build.catalogueUrl),
    bridge,
    kiosk: build.target === 'kiosk' ? UNATTENDED_KIOSK : NO_KIOSK_BEHAVIOURS,
    languages: ALL_LANGUAGES,
  };
}

export function resolveCapabilities(build: BuildDefaults, bridge: PageBridge | null): Capabilities {
  const defaults = buildCapabilities(build, bridge);
  const config = bridge ? readBridgeConfig(bridge) : null;
  if (!config) return defaults;
  // Typed, but it crossed a process boundary: check before trusting it.
  const {
    catalogueUrl: url,
    mode,
    idleTimeoutSeconds: after,
    idleCountdownSeconds: countdown,
    catalogueMaxAgeMinutes: maxAge,
    speechOutputDevice: device,
    languages,
    defaultLanguage,
  } = config as Partial<Record<keyof RendererConfig, unknown>>;
  const catalogueUrl = typeof url === 'string' ? normaliseCatalogueUrl(url) : '';
  const unattended = isUnattended({ mode });
  // Any kiosk, staff mode too, keeps its catalogue true (the fleet may ask it to).
  const catalogueMaxAgeMinutes = isSeconds(maxAge) ? maxAge : DEFAULT_CATALOGUE_MAX_AGE_MINUTES;
  return {
    ...defaults,
    languages: languageChoice(languages, defaultLanguage),
    catalogueUrl: isUsableCatalogueUrl(catalogueUrl) ? catalogueUrl : defaults.catalogueUrl,
    kiosk: unattended
      ? {
          ...UNATTENDED_KIOSK,
          catalogueMaxAgeMinutes,
          staffExit: true,
          speech: {
            outputDevice: isDeviceName(device) && device.trim() !== '' ? device.trim() : null,
          },
          // A bad countdown takes the default; a bad timeout means never asking.
          idleReset:
            idleResetOf(
              after,
              isIdleSeconds(countdown) ? countdown : DEFAULT_IDLE_RESET.countdownSeconds,
            ) ?? null,
        }
      : { ...NO_KIOSK_BEHAVIOURS, catalogueMaxAgeMinutes, staffExit: true },
  };
}

/** The config's languages, checked: a default not offered gives way to the first offered. */
function languageChoice(languages: unknown, defaultLanguage: unknown): LanguageChoice {
  const offered = isLanguageList(languages) ? languages : ALL_LANGUAGES.offered;
  // The pseudo-locale, for the kiosk's layout tests: a main process never sends it (its
  // config refuses it), and no menu offers it.
  if (defaultLanguage === PSEUDO_LANGUAGE) return { offered, fallback: PSEUDO_LANGUAGE };
  const wanted = isShopperLanguage(defaultLanguage) ? defaultLanguage : DEFAULT_LANGUAGE;
  return {
    offered,
    fallback: offered.includes(wanted) ? wanted : (offered[0] ?? DEFAULT_LANGUAGE),
  };
}

export function detectCapabilities(win: Window = window): Capabilities {
  const build: BuildDefaults = { target: __SHOP_TARGET__, catalogueUrl: __SHOP_CATALOGUE_URL__ };
  // A browser has no preload, so the web build never has a bridge to read: tested on the
  // literal, the kiosk's config checks and defaults stay out of the web build's first download.
  if (__SHOP_TARGET__ === 'web') {
    return {
      target: 'web',
      catalogueUrl: normaliseCatalogueUrl(build.catalogueUrl),
      bridge: null,
      kiosk: NO_KIOSK_BEHAVIOURS,
      languages: ALL_LANGUAGES,
    };
  }
  const capabilities = resolveCapabilities(build, win.kiosk ?? null);
  // Listening from the first moment, so new idle times sent while the page loads still count.
  liveIdleTimes(capabilities.bridge);
  return capabilities;
}
