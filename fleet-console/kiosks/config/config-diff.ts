import { isJsonObject, type JsonObject } from '../../protocol/config-envelope';

export type ChangeKind = 'added' | 'removed' | 'changed' | 'same';

export interface ConfigChange {
  /** Dotted path in the config's nested file form, e.g. `fleet.healthSeconds`. */
  key: string;
  kind: ChangeKind;
  /** JSON text of the value in force, or null when the key is new. */
  before: string | null;
  /** JSON text of the new value, or null when the key goes away. */
  after: string | null;
}

/** Leaves of a nested config as path → JSON text; arrays are values, not branches. */
export function flattenConfig(config: JsonObject, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(config)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isJsonObject(value) && Object.keys(value).length > 0) {
      for (const [leaf, text] of flattenConfig(value, path)) leaves.set(leaf, text);
    } else {
      leaves.set(path, JSON.stringify(value));
    }
  }
  return leaves;
}

/** Every key of either side, sorted by path, with what happens to it. */
export function diffConfig(inForce: JsonObject | null, next: JsonObject): ConfigChange[] {
  const before = inForce ? flattenConfig(inForce) : new Map<string, string>();
  const after = flattenConfig(next);
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  return keys.map((key) => {
    const was = before.get(key) ?? null;
    const will = after.get(key) ?? null;
    const kind: ChangeKind =
      was === null ? 'added' : will === null ? 'removed' : was === will ? 'same' : 'changed';
    return { key, kind, before: was, after: will };
  });
}
