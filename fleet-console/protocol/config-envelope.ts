import { isKioskId } from './fleet-topics';

/**
 * The signed remote-config envelope (FLEET-CONTRACT.md): `{"config":{…,"version","target"},
 * "signature"}`. The console checks its shape before publishing it, so a file that no kiosk
 * could accept is never put on the broker. It cannot check the signature itself: only the
 * kiosks hold `fleet.configPublicKey`.
 */
export type JsonObject = { [key: string]: unknown };

export interface ConfigEnvelope {
  config: JsonObject & { version: number; target: string };
  signature: string;
}

export type EnvelopeResult = { ok: true; envelope: ConfigEnvelope } | { ok: false; reason: string };

/** An Ed25519 signature is 64 bytes: 86 base64url characters without padding. */
const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readConfigEnvelope(json: unknown): EnvelopeResult {
  if (!isJsonObject(json)) return { ok: false, reason: 'it is not a JSON object' };
  const extra = Object.keys(json).filter((key) => key !== 'config' && key !== 'signature');
  if (extra.length > 0) return { ok: false, reason: `unexpected field "${extra[0] ?? ''}"` };
  const { config, signature } = json;
  if (!isJsonObject(config)) return { ok: false, reason: 'it has no "config" object' };
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) {
    return { ok: false, reason: 'its "signature" is not a base64url Ed25519 signature' };
  }
  const { version, target } = config;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    return { ok: false, reason: '"config.version" must be a positive whole number' };
  }
  if (typeof target !== 'string' || (target !== 'all' && !isKioskId(target))) {
    return { ok: false, reason: '"config.target" must be "all" or a kiosk id' };
  }
  return { ok: true, envelope: { config: { ...config, version, target }, signature } };
}

/** Parses the text of a file and checks it, with the reason in words when it fails. */
export function readConfigFile(text: string): EnvelopeResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not valid JSON' };
  }
  return readConfigEnvelope(json);
}
