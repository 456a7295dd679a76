/**
 * npm run -s fleet:sign -- config.json [--prefix P] [--days N] [--key FILE] — prints the
 * signed envelope of a remote config (`{"config":…,"signature":…,"publicKey":…}`) to
 * publish, retained, on `P/fleet/config` (target "all") or `P/kiosks/ID/config` (target
 * ID). The config file holds the keys to set plus "version" (higher than any signed before
 * for that topic) and "target"; `{"version":…,"target":…,"tombstone":true}` withdraws a
 * topic's config. The signature binds the fleet's topic prefix (--prefix, default
 * kiosk-shop) and a notAfter (--days from now, default 30), unless the file names them.
 * The key defaults to the operator's key folder's fleet-config.key (fleet:keygen). A key a
 * kiosk would refuse (e.g. openingHours "8:00") is refused here, in the kiosk's words.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseCount } from '../../shared/count-flag';
import { exitOnHelp } from '../../tools/cli/help';
import { readConfigKey, signConfig } from '../../tools/signing/fleet-signing';
import { defaultKeyPath } from '../../tools/signing/key-folder';

const USAGE =
  'usage: npm run -s fleet:sign -- config.json [--prefix kiosk-shop] [--days 30] [--key FILE]';

exitOnHelp(`${USAGE}

Prints the signed envelope of a remote config, to publish retained on P/fleet/config
(target "all"), P/fleet/regions/ID/config, P/fleet/stores/ID/config or P/kiosks/ID/config.
The file holds the keys to set plus "version" and "target"; {"version":N,"target":…,
"tombstone":true} withdraws a topic's config. Keys a kiosk would refuse are refused here.

  --prefix P   the fleet's topic prefix (default kiosk-shop), unless the file names one
  --days N     valid for N days from now (default 30), unless the file names a notAfter
  --key FILE   the config private key (default ${defaultKeyPath('config')})`);

try {
  const { values, positionals } = parseArgs({
    options: { key: { type: 'string' }, prefix: { type: 'string' }, days: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new Error(USAGE);
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
  const key = readConfigKey(readFileSync(values.key ?? defaultKeyPath('config'), 'utf8'));
  const days = parseCount('days', values.days, 1);
  const envelope = signConfig(config, key, {
    ...(values.prefix === undefined ? {} : { prefix: values.prefix }),
    ...(days === undefined ? {} : { days }),
  });
  console.log(JSON.stringify(envelope));
  const { version, target, prefix, notAfter, tombstone } = envelope.config;
  const what = tombstone === true ? 'a withdrawal' : 'a config';
  console.error(
    `Signed ${what}, version ${String(version)}, for ${String(target)} under ${String(prefix)}, valid until ${String(notAfter)}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
