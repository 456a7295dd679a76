/**
 * Canonical JSON: the one byte sequence a signed config is signed over, whoever wrote the
 * file. Object keys sorted recursively by UTF-16 code unit (JavaScript's default string
 * order), no whitespace, strings and numbers as JSON.stringify writes them. Values JSON
 * cannot carry (undefined, functions, NaN, Infinity, bigint) throw rather than vanish, so
 * two different objects never share a signature.
 */

export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonical JSON: a number is not finite');
      return JSON.stringify(value);
    case 'object':
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      return canonicalObject(value);
    default:
      throw new TypeError(`canonical JSON: cannot encode a ${typeof value}`);
  }
}

function canonicalObject(value: object): string {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new TypeError('canonical JSON: only plain objects');
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/** The UTF-8 bytes that are signed and verified. */
export function canonicalJsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(canonicalJson(value));
}
