/**
 * npm run -s fleet:sign -- config.json [--key FILE] — prints the signed envelope of a
 * remote config (`{"config":…,"signature":…,"publicKey":…}`) to publish, retained, on
 * `P/fleet/config` (target "all") or `P/kiosks/ID/config` (target ID). The config file
 * holds the keys to set plus "version" and "target"; the key defaults to fleet-config.key.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG_KEY_FILE, readConfigKey, signConfig } from './lib/fleet-signing';

try {
  const { values, positionals } = parseArgs({
    options: { key: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    throw new Error('usage: npm run -s fleet:sign -- config.json [--key fleet-config.key]');
  }
  const [configPath = ''] = positionals;
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(configPath, 'utf8'));
  } catch (error) {
    throw new Error(
      `cannot read ${configPath} as JSON (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const key = readConfigKey(readFileSync(values.key ?? DEFAULT_CONFIG_KEY_FILE, 'utf8'));
  console.log(JSON.stringify(signConfig(config, key)));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
