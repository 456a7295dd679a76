/**
 * npm run -s update:sign -- release/latest-linux.yml [release/latest.yml …] [--key FILE]
 * [--staging N] — signs the update feed: writes `<file>.sig` beside each channel file, with
 * the fleet's key (default fleet-config.key), which kiosks check against
 * fleet.configPublicKey before they trust a word of the file. Sign every channel file after
 * each `npm run package`, and upload the .sig files with them. `--staging N` first sets the
 * file's `stagingPercentage` to N, so the signature covers it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG_KEY_FILE, readConfigKey } from '../../tools/signing/fleet-signing';
import { signFeedFileAt, withStagingPercentage } from '../../tools/updates/update-signing';

try {
  const { values, positionals } = parseArgs({
    options: { key: { type: 'string' }, staging: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length === 0) {
    throw new Error(
      'usage: npm run -s update:sign -- release/latest-linux.yml [more .yml …] [--key fleet-config.key] [--staging 1-100]',
    );
  }
  const key = readConfigKey(readFileSync(values.key ?? DEFAULT_CONFIG_KEY_FILE, 'utf8'));
  const staging = values.staging === undefined ? null : Number(values.staging);
  for (const path of positionals) {
    if (staging !== null) {
      writeFileSync(path, withStagingPercentage(readFileSync(path, 'utf8'), staging));
    }
    console.log(signFeedFileAt(path, key));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
