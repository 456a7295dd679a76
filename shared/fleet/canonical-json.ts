/**
 * Canonical JSON: the one byte sequence a signed config is signed over, whoever wrote the
 * file. Object keys sorted recursively by UTF-16 code unit (JavaScript's default string
 * order), no whitespace, strings and numbers as JSON.stringify writes them. Values JSON
 * cannot carry (undefined, functions, NaN, Infinity, bigint) throw rather than vanish, so
 * two different objects never share a signature; so does nesting deeper than
 * MAX_CANONICAL_DEPTH, which would otherwise overflow the stack. A reader of network input
 * uses canonicalJsonOrNull, which never throws.
 */

/** Deeper values have no canonical form: a config is a few levels deep, never dozens. */
export const MAX_CANONICAL_DEPTH = 32;

export function canonicalJson(value: unknown): string {
  return encode(value, 0);
}

/** The canonical JSON of `value`, or null when it has none (never throws). */
export function canonicalJsonOrNull(value: unknown): string | null {
  try {
    return canonicalJson(value);
  } catch {
    return null;
  }
}

function encode(value: unknown, depth: number): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonical JSON: a number is not finite');
      return JSON.stringify(value);
    case 'object':
      if (depth >= MAX_CANONICAL_DEPTH) throw new TypeError('canonical JSON: nested too deep');
      if (Array.isArray(value))
        return `[${value.map((item) => encode(item, depth + 1)).join(',')}]`;
      return canonicalObject(value, depth);
    default:
      throw new TypeError(`canonical JSON: cannot encode a ${typeof value}`);
  }
}

function canonicalObject(value: object, depth: number): string {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new TypeError('canonical JSON: only plain objects');
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${encode(record[key], depth + 1)}`).join(',')}}`;
}

/** The UTF-8 bytes that are signed and verified. */
export function canonicalJsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(canonicalJson(value));
}
