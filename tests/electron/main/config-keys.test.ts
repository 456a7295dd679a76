/**
 * The key table is the one place a key is added; these checks keep each entry whole and
 * the README's configuration table true to it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, type ConfigKeyTable } from '../../../electron/main/config-keys';

const TABLE: ConfigKeyTable = CONFIG_KEYS;
const entries = Object.entries(TABLE);

/** The rows of the README's configuration table, as cells. */
function readmeRows(): string[][] {
  const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('### Configuration'),
    readme.indexOf('### Staff exit'),
  );
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('the config key table', () => {
  it('lets a signed remote config set only what cannot open the kiosk or move it off its fleet', () => {
    const remote = entries.filter(([, spec]) => spec.remote === true).map(([name]) => name);
    expect(remote).toEqual([
      'catalogueUrl',
      'idleTimeoutSeconds',
      'idleCountdownSeconds',
      'catalogueMaxAgeMinutes',
      'printerName',
      'fleet.healthSeconds',
    ]);
  });

  it.each([
    ['mqtt://127.0.0.1:1883', true],
    ['mqtts://broker.example:8883', true],
    ['ws://127.0.0.1:9001/mqtt', true],
    ['WSS://broker.example/mqtt', true],
    ['', true],
    ['http://broker.example', false],
    ['tcp://broker.example', false],
    ['mqtt://user:secret@broker.example', false],
    ['mqtt://', false],
    ['mqtt://broker.example/#x', false],
    ['mqtt://broker.example\nConfig: forged', false],
  ])('fleet.brokerUrl %j is accepted: %s', (url, ok) => {
    expect(TABLE['fleet.brokerUrl']?.schema.safeParse(url).success).toBe(ok);
  });

  it.each([
    [60, true],
    [1, true],
    [1440, true],
    [0, false],
    [1441, false],
    [1.5, false],
    ['60', false],
  ])('catalogueMaxAgeMinutes %j is accepted: %s', (minutes, ok) => {
    expect(TABLE.catalogueMaxAgeMinutes?.schema.safeParse(minutes).success).toBe(ok);
  });

  it('takes the remote config key from the files only, and holds it empty in a lockdown', () => {
    expect(TABLE['fleet.configPublicKey']).toMatchObject({
      from: ['machine-wide file', 'config file'],
      lockdown: true,
    });
  });

  it.each(entries)('%s: its default passes its own schema', (_name, spec) => {
    expect(spec.schema.safeParse(spec.default)).toMatchObject({
      success: true,
      data: spec.default,
    });
  });

  it('gives every variable and flag to one key only', () => {
    const envs = entries.flatMap(([, spec]) => (spec.env ? [spec.env] : []));
    const flags = entries.flatMap(([, spec]) => [
      ...(spec.flag ? [spec.flag] : []),
      ...Object.keys(spec.switches ?? {}),
    ]);
    expect(new Set(envs).size).toBe(envs.length);
    expect(new Set(flags).size).toBe(flags.length);
    for (const env of envs) expect(env).toMatch(/^SHOP_[A-Z_]+$/);
  });

  it.each(entries)('%s is in the README table with its variable and flags', (name, spec) => {
    const row = readmeRows().find((cells) => cells[3]?.includes(`\`${name}\``));
    expect(row, `no README row names \`${name}\``).toBeDefined();
    const [, cli = '', env = ''] = row ?? [];
    if (spec.env) expect(env).toContain(spec.env);
    else expect(env).toBe('—');
    if (spec.flag) expect(cli).toContain(`--${spec.flag}`);
    for (const bare of Object.keys(spec.switches ?? {})) expect(cli).toContain(`--${bare}`);
    if (!spec.flag && !spec.switches) expect(cli).toBe('—');
  });

  it('the README table names no variable or flag the kiosk does not read', () => {
    const known = new Set([
      'SHOP_CONFIG',
      '--config',
      ...entries.flatMap(([, spec]) => [
        ...(spec.env ? [spec.env] : []),
        ...(spec.flag ? [`--${spec.flag}`] : []),
        ...Object.keys(spec.switches ?? {}).map((bare) => `--${bare}`),
      ]),
    ]);
    const named = readmeRows().flatMap(([, cli = '', env = '']) => [
      ...(cli.match(/--[a-z-]+/g) ?? []),
      ...(env.match(/SHOP_[A-Z_]+/g) ?? []),
    ]);
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });
});
