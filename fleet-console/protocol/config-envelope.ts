import {
  configEnvelopeSchema,
  MAX_CONFIG_BYTES,
  RESERVED_CONFIG_FIELDS,
  type ConfigEnvelope,
} from '@shared/fleet/payloads';

/**
 * The signed remote-config envelope (shared/fleet/payloads.ts), checked before the console
 * publishes it, so a file no kiosk could accept is never put on the broker, with the reason
 * in words. The console cannot check the signature itself: only the kiosks hold
 * `fleet.configPublicKey`.
 */
export type { ConfigEnvelope };

export type JsonObject = { [key: string]: unknown };

export type EnvelopeResult = { ok: true; envelope: ConfigEnvelope } | { ok: false; reason: string };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The config keys of a signed config: everything but version, target, prefix, notAfter, tombstone. */
export function configKeys(config: ConfigEnvelope['config']): JsonObject {
  return Object.fromEntries(
    Object.entries(config).filter(
      ([name]) => !(RESERVED_CONFIG_FIELDS as readonly string[]).includes(name),
    ),
  );
}

export function readConfigEnvelope(json: unknown): EnvelopeResult {
  if (!isJsonObject(json)) return { ok: false, reason: 'it is not a JSON object' };
  const parsed = configEnvelopeSchema.safeParse(json);
  if (parsed.success) return { ok: true, envelope: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `"${issue.path.join('.')}"` : 'the envelope';
  const what =
    issue?.code === 'unrecognized_keys'
      ? `has an unexpected field "${issue.keys[0] ?? ''}"`
      : issue?.code === 'invalid_type' && issue.input === undefined
        ? 'is missing'
        : (issue?.message ?? 'is malformed');
  return { ok: false, reason: `${where} ${what}` };
}

/** Parses the text of a file and checks it. */
export function readConfigFile(text: string): EnvelopeResult {
  if (new TextEncoder().encode(text).byteLength > MAX_CONFIG_BYTES) {
    return { ok: false, reason: 'it is larger than a kiosk accepts' };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not valid JSON' };
  }
  return readConfigEnvelope(json);
}
