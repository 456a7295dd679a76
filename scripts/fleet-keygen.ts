/**
 * npm run -s fleet:keygen [-- --out FILE] — makes the fleet's config signing key: writes
 * the private key (PKCS#8 PEM, mode 0600; default ./fleet-config.key, never overwritten)
 * and prints the public key for every kiosk's `fleet.configPublicKey`.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG_KEY_FILE, writeNewConfigKey } from './lib/fleet-signing';

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const path = values.out ?? DEFAULT_CONFIG_KEY_FILE;
  const { publicKey } = writeNewConfigKey(path);
  console.log(publicKey);
  console.error(
    `Private key written to ${path} (keep it off the kiosks). Put the public key in each kiosk's machine-wide config as  "fleet": { "configPublicKey": "${publicKey}" }`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
