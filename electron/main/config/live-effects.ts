/**
 * Puts changed live keys in force while the kiosk runs. Which keys are live is the key
 * table's word alone (`live: true` in shared/kiosk-config/config-keys.ts): those the page
 * reads (fields of its settings, toRendererConfig) go to the page together through its one
 * sender; every other live key has its own effect in main, and the compiler asks for
 * exactly one per key.
 */
import type { RendererConfig } from '../../../shared/bridge';
import { toRendererConfig } from './config';
import {
  DEFAULT_CONFIG,
  LIVE_KEYS,
  type ConfigKey,
  type KioskConfig,
  type LiveKey,
} from '../../../shared/kiosk-config/config-keys';

/** The fields of the page's settings, as main builds them. */
const PAGE_FIELDS: readonly string[] = Object.keys(toRendererConfig(DEFAULT_CONFIG, ''));

/** The live keys the page reads: sent to it together when any of them changes. */
export const PAGE_LIVE_KEYS: readonly LiveKey[] = LIVE_KEYS.filter((key) =>
  PAGE_FIELDS.includes(key),
);

/** The live keys main puts in force itself. */
export type MainLiveKey = Exclude<LiveKey, keyof RendererConfig>;

const MAIN_LIVE_KEYS = LIVE_KEYS.filter((key): key is MainLiveKey => !PAGE_FIELDS.includes(key));

/** What puts each live key in force: the page's settings at once, and one effect per other key. */
export type LiveEffects = { toPage(config: KioskConfig): void } & Record<
  MainLiveKey,
  (config: KioskConfig) => void
>;

/** Puts the live ones of `changed` in force, with `config` the config now in force. */
export function putLiveKeysInForce(
  changed: readonly ConfigKey[],
  config: KioskConfig,
  effects: LiveEffects,
): void {
  if (changed.some((key) => (PAGE_LIVE_KEYS as readonly ConfigKey[]).includes(key))) {
    effects.toPage(config);
  }
  for (const key of MAIN_LIVE_KEYS) if (changed.includes(key)) effects[key](config);
}
