/**
 * npm run -s fleet:keygen [-- --out FILE] [-- --enrolment] — makes one of the operator's
 * Ed25519 keys: writes the private key (PKCS#8 PEM, mode 0600, never overwritten) and
 * prints the public key. By default the config signing key (./fleet-config.key, for every
 * kiosk's `fleet.configPublicKey`); with --enrolment the enrolment key
 * (./fleet-enrolment.key, for every kiosk's `fleet.enrolmentPublicKey` and every counter).
 */
import { parseArgs } from 'node:util';
import {
  DEFAULT_CONFIG_KEY_FILE,
  DEFAULT_ENROLMENT_KEY_FILE,
  writeNewConfigKey,
} from '../../tools/signing/fleet-signing';

try {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, enrolment: { type: 'boolean', default: false } },
  });
  const enrolment = values.enrolment;
  const path = values.out ?? (enrolment ? DEFAULT_ENROLMENT_KEY_FILE : DEFAULT_CONFIG_KEY_FILE);
  const { publicKey } = writeNewConfigKey(path);
  console.log(publicKey);
  console.error(
    enrolment
      ? `Enrolment private key written to ${path}: keep it off the kiosks and the counters; the console loads it only while you approve or revoke. Pin the public key in each kiosk's machine-wide config as  "fleet": { "enrolmentPublicKey": "${publicKey}" }  and in every counter: npm run fleet -- --enrolment-key=${publicKey}`
      : `Private key written to ${path} (keep it off the kiosks). Put the public key in each kiosk's machine-wide config as  "fleet": { "configPublicKey": "${publicKey}" }`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
