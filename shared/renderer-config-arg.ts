/**
 * Carries the RendererConfig from main to the sandboxed preload as one argv entry.
 * The preload cannot do IPC synchronously without sendSync (which blocks the renderer),
 * and it must have the config before the first paint, so main hands it over at spawn time.
 * Uses only btoa/atob and TextEncoder/TextDecoder, which exist in Node and in a sandboxed preload.
 */
import { CONFIG_ARG_PREFIX, type RendererConfig } from './bridge';
import { isShopperLanguage, type ShopperLanguage } from './languages';

export function encodeRendererConfigArg(config: RendererConfig): string {
  const bytes = new TextEncoder().encode(JSON.stringify(config));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return CONFIG_ARG_PREFIX + btoa(binary);
}

/** Returns null when the argument is missing or malformed; the preload then fails closed. */
export function decodeRendererConfigArg(argv: readonly string[]): RendererConfig | null {
  const arg = argv.find((entry) => entry.startsWith(CONFIG_ARG_PREFIX));
  if (arg === undefined) return null;
  try {
    const binary = atob(arg.slice(CONFIG_ARG_PREFIX.length));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isRendererConfig(value) ? value : null;
  } catch {
    return null;
  }
}

export function isRendererConfig(value: unknown): value is RendererConfig {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.catalogueUrl === 'string' &&
    (record.mode === 'kiosk' || record.mode === 'windowed') &&
    isNonNegative(record.idleTimeoutSeconds) &&
    isNonNegative(record.idleCountdownSeconds) &&
    isNonNegative(record.catalogueMaxAgeMinutes) &&
    record.catalogueMaxAgeMinutes > 0 &&
    (record.speechOutputDevice === undefined || isDeviceName(record.speechOutputDevice)) &&
    (record.languages === undefined || isLanguageList(record.languages)) &&
    (record.defaultLanguage === undefined || isShopperLanguage(record.defaultLanguage))
  );
}

/** One or more of the shop's languages, each once. */
export function isLanguageList(value: unknown): value is ShopperLanguage[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(isShopperLanguage) &&
    new Set(value).size === value.length
  );
}

/** An audio output's id or label: one printable line of a sane length. */
export function isDeviceName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 256 && !/\p{Cc}/u.test(value);
}

function isNonNegative(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
