/**
 * The operator's side of the signed update feed (`npm run update:sign`): each channel file
 * electron-builder wrote (`latest-linux.yml`, `latest.yml`, `beta*.yml`) gets a `.sig`
 * beside it, signed with the fleet's key (fleet-config.key) over exactly the bytes the
 * kiosk will check (electron/main/updates/feed-signature.ts).
 */
import { sign, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { rawPublicKey } from '../../fleet-agent/identity/ed25519';
import {
  checkFeedFile,
  FEED_SIGNATURE_SUFFIX,
  feedSignedBytes,
} from '../../electron/main/updates/feed-signature';

/** The signature file's text for a channel file's bytes. */
export function signFeedFile(fileName: string, bytes: Uint8Array, privateKey: KeyObject): string {
  const signature = sign(null, feedSignedBytes(fileName, bytes), privateKey).toString('base64url');
  return `${signature}\n`;
}

/**
 * Signs the channel file at `path` and writes `<path>.sig`; checks the result as the kiosk
 * will, so a file the kiosk would refuse (too large, not UTF-8, not a .yml) is never signed.
 */
export function signFeedFileAt(path: string, privateKey: KeyObject): string {
  const fileName = basename(path);
  const bytes = readFileSync(path);
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  const signature = signFeedFile(fileName, bytes, privateKey);
  const checked = checkFeedFile({ fileName, text, signature }, rawPublicKey(privateKey));
  if (!checked.ok) throw new Error(`${path}: ${checked.reason}`);
  const out = `${path}${FEED_SIGNATURE_SUFFIX}`;
  writeFileSync(out, signature);
  return out;
}

/**
 * The channel file with electron-updater's `stagingPercentage` set to `percent` (a whole
 * number, 1–100): the line replaced where there is one, added at the end where there is
 * none. electron-updater offers the version only to kiosks whose own random id falls
 * under it; the fleet's rollouts steer the rest (docs/fleet/operator-guide.md).
 */
export function withStagingPercentage(text: string, percent: number): string {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) {
    throw new Error('--staging must be a whole percentage from 1 to 100');
  }
  const line = `stagingPercentage: ${percent}`;
  if (/^stagingPercentage:.*$/m.test(text)) return text.replace(/^stagingPercentage:.*$/m, line);
  return `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${line}\n`;
}
