/**
 * npm run -s update:sign -- release/latest-linux.yml [release/latest.yml …] [--key FILE]
 * [--staging N] — signs the update feed: writes `<file>.sig` beside each channel file, with
 * the fleet's config key (default: the key folder's fleet-config.key), which kiosks check against
 * fleet.configPublicKey before they trust a word of the file. Sign every channel file after
 * each `npm run package`, and upload the .sig files with them. `--staging N` first sets the
 * file's `stagingPercentage` to N, so the signature covers it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { exitOnHelp } from '../../tools/cli/help';
import { readConfigKey } from '../../tools/signing/fleet-signing';
import { defaultKeyPath } from '../../tools/signing/key-folder';
import { signFeedFileAt, withStagingPercentage } from '../../tools/updates/update-signing';

const USAGE =
  'usage: npm run -s update:sign -- release/latest-linux.yml [more .yml …] [--key FILE] [--staging 1-100]';

exitOnHelp(`${USAGE}

Writes <file>.sig beside each update channel file, signed with the fleet's config key, which
kiosks check against fleet.configPublicKey. Sign every channel file after each npm run package.

  --key FILE      the config private key (default ${defaultKeyPath('config')})
  --staging N     first set the file's stagingPercentage to N, so the signature covers it`);

try {
  const { values, positionals } = parseArgs({
    options: { key: { type: 'string' }, staging: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length === 0) {
    throw new Error(USAGE);
  }
  const key = readConfigKey(readFileSync(values.key ?? defaultKeyPath('config'), 'utf8'));
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
