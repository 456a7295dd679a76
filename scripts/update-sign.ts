/**
 * npm run -s update:sign -- release/latest-linux.yml [release/latest.yml …] [--key FILE] —
 * signs the update feed: writes `<file>.sig` beside each channel file, with the fleet's
 * key (default fleet-config.key), which kiosks check against fleet.configPublicKey before
 * they trust a word of the file. Sign every channel file after each `npm run package`, and
 * upload the .sig files with them.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG_KEY_FILE, readConfigKey } from './lib/fleet-signing';
import { signFeedFileAt } from './lib/update-signing';

try {
  const { values, positionals } = parseArgs({
    options: { key: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length === 0) {
    throw new Error(
      'usage: npm run -s update:sign -- release/latest-linux.yml [more .yml …] [--key fleet-config.key]',
    );
  }
  const key = readConfigKey(readFileSync(values.key ?? DEFAULT_CONFIG_KEY_FILE, 'utf8'));
  for (const path of positionals) console.log(signFeedFileAt(path, key));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
