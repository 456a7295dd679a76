/**
 * npm run -s fleet:keygen — makes one of the operator's Ed25519 keys: writes the private key
 * (PKCS#8 PEM, mode 0600, never over an existing file) to the operator's key folder outside
 * the repository (tools/signing/key-folder.ts) or --out, and prints the public key.
 */
import { parseArgs } from 'node:util';
import { exitOnHelp } from '../../tools/cli/help';
import { writeNewConfigKey } from '../../tools/signing/fleet-signing';
import { defaultKeyPath, keyFolder, prepareKeyFolder } from '../../tools/signing/key-folder';

exitOnHelp(`Usage: npm run -s fleet:keygen [-- --enrolment] [-- --out FILE]

Makes an Ed25519 key pair: prints the public key, writes the private key (mode 0600) and
never overwrites an existing key file.

  (no option)   the config signing key, for every kiosk's fleet.configPublicKey
  --enrolment   the enrolment key, for every kiosk's fleet.enrolmentPublicKey and every counter
  --out FILE    write the private key to FILE instead of the key folder

The key folder is ${keyFolder()} (KIOSK_SHOP_KEYS, else
$XDG_CONFIG_HOME/kiosk-shop/keys, else ~/.config/kiosk-shop/keys): outside the repository,
readable by you only. fleet:sign and update:sign read the config key from there.`);

try {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, enrolment: { type: 'boolean', default: false } },
  });
  const enrolment = values.enrolment;
  const path = values.out ?? defaultKeyPath(enrolment ? 'enrolment' : 'config');
  prepareKeyFolder(path);
  const { publicKey } = writeNewConfigKey(path);
  console.log(publicKey);
  console.error(
    enrolment
      ? `Enrolment private key written to ${path} (mode 0600): keep it off the kiosks and the counters; the console loads it only while you approve or revoke. Pin the public key in each kiosk's machine-wide config as  "fleet": { "enrolmentPublicKey": "${publicKey}" }  and in every counter: npm run fleet -- --enrolment-key=${publicKey}`
      : `Private key written to ${path} (mode 0600; keep it off the kiosks). Put the public key in each kiosk's machine-wide config as  "fleet": { "configPublicKey": "${publicKey}" }`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
