/**
 * Validates configuration one key at a time, so a misspelt or wrong key costs only itself:
 * the valid keys beside it are kept, and each bad one is reported with its reason. Every
 * layer goes through here: the files, a remote payload (validateConfigKeys), and the
 * environment and command line (validateConfigText).
 *
 * A reason never quotes the value: it may be the staff PIN, and reasons go to the log.
 */
import {
  CONFIG_KEYS,
  type ConfigKeySpec,
  type ConfigKeyTable,
  type ConfigLayerName,
  type KioskConfig,
  type ValuesOf,
} from './config-keys';

export interface ConfigProblem {
  /** The key as written, dotted for a nested one; '' for the object as a whole. */
  key: string;
  reason: string;
  /** The value may be fine, but this layer may not set the key. */
  locked?: true;
}

export interface ValidatedKeys<V> {
  /** The valid keys, by their (dotted) names. */
  values: Partial<V>;
  problems: ConfigProblem[];
  /** Every key of the table the object names, valid or not: what a machine-wide file locks. */
  named: string[];
}

type Checked = { ok: true; value: unknown } | { ok: false; reason: string; locked?: true };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function specOf(table: ConfigKeyTable, name: string): ConfigKeySpec<unknown> | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

function checkValue(
  spec: ConfigKeySpec<unknown>,
  value: unknown,
  source: ConfigLayerName,
): Checked {
  if (spec.from && !spec.from.includes(source)) {
    return {
      ok: false,
      reason: `may only be set in the ${spec.from.join(' or the ')}`,
      locked: true,
    };
  }
  if (source === 'remote' && spec.remote !== true) {
    return { ok: false, reason: 'may not be set by a remote config', locked: true };
  }
  const result = spec.schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, reason: result.error.issues[0]?.message ?? 'invalid value' };
}

function lockedOf(checked: { locked?: true }): { locked?: true } {
  return checked.locked ? { locked: true } : {};
}

export function validateConfigKeys(
  object: unknown,
  source: ConfigLayerName,
): ValidatedKeys<KioskConfig>;
export function validateConfigKeys<Table extends ConfigKeyTable>(
  object: unknown,
  source: ConfigLayerName,
  table: Table,
): ValidatedKeys<ValuesOf<Table>>;
/**
 * Checks each key of a plain object (a parsed file or remote payload) against the table on
 * its own. Nested groups are walked; an unknown key, a wrong value, or a key this `source`
 * may not set is a problem, and the rest is kept.
 */
export function validateConfigKeys(
  object: unknown,
  source: ConfigLayerName,
  table: ConfigKeyTable = CONFIG_KEYS,
): ValidatedKeys<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  const problems: ConfigProblem[] = [];
  const named: string[] = [];
  const names = Object.keys(table);
  const isGroup = (path: string) => names.some((name) => name.startsWith(`${path}.`));

  const walk = (node: Record<string, unknown>, prefix: string): void => {
    for (const [name, value] of Object.entries(node)) {
      const path = `${prefix}${name}`;
      const spec = specOf(table, path);
      if (spec) {
        named.push(path);
        const checked = checkValue(spec, value, source);
        if (checked.ok) values[path] = checked.value;
        else problems.push({ key: path, reason: checked.reason, ...lockedOf(checked) });
      } else if (isGroup(path)) {
        if (isPlainObject(value)) walk(value, `${path}.`);
        else problems.push({ key: path, reason: 'must be an object of keys' });
      } else {
        problems.push({ key: path, reason: 'unknown key' });
      }
    }
  };

  if (isPlainObject(object)) walk(object, '');
  else problems.push({ key: '', reason: 'must be a JSON object' });
  return { values, problems, named };
}

/** One value from text (an environment variable, a flag) for `key`, checked like a file's. */
export function validateConfigText(
  spec: ConfigKeySpec<unknown>,
  text: string,
  source: ConfigLayerName,
): Checked {
  const reading = spec.fromText ? spec.fromText(text) : { value: text };
  if ('problem' in reading) return { ok: false, reason: reading.problem };
  return checkValue(spec, reading.value, source);
}

/**
 * A key name as the log shows it: as written when it is a plain identifier, otherwise
 * quoted and cut short, so a stray newline or a pasted paragraph cannot forge log lines.
 */
export function describeKey(name: string): string {
  if (name === '') return 'the file as a whole';
  return /^[\w.-]{1,64}$/.test(name) ? name : JSON.stringify(name.slice(0, 64));
}
