/**
 * The update feed's own signature: each channel file (`latest-linux.yml`, `latest.yml`,
 * `beta-linux.yml` …) has a `<file>.sig` beside it, the base64url Ed25519 signature that
 * `npm run update:sign` makes with the fleet's key (fleet-config.key). The kiosk checks it
 * against fleet.configPublicKey before it reads a word of the file, so the sha512 the file
 * names for the download is the fleet's, not whoever serves the feed's.
 *
 * What is signed is a fixed label, the file's name and its bytes: a signed beta file is no
 * latest file, and a feed signature is never a signed config (whose bytes are JSON).
 */
import type { KeyObject } from 'node:crypto';
import { publicKeyFromRaw, verifyBytes } from '../../../fleet-agent/identity/ed25519';

export const FEED_SIGNATURE_SUFFIX = '.sig';

/** Channel files are a few hundred bytes; anything this large is not one. */
export const MAX_FEED_FILE_BYTES = 256 * 1024;
/** 86 characters, a line end, and room for nothing else. */
export const MAX_FEED_SIGNATURE_CHARS = 100;

const LABEL = 'kiosk-shop update feed v1';
const CHANNEL_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.yml$/;
const SIGNATURE_LINE = /^([A-Za-z0-9_-]{86})\r?\n?$/;

/** The bytes a channel file's signature covers. */
export function feedSignedBytes(fileName: string, file: Uint8Array): Uint8Array {
  const head = new TextEncoder().encode(`${LABEL}\n${fileName}\n`);
  const bytes = new Uint8Array(head.length + file.length);
  bytes.set(head);
  bytes.set(file, head.length);
  return bytes;
}

export type FeedCheck = { ok: true } | { ok: false; reason: string };

export interface FeedFile {
  /** The channel file's name as the kiosk asked for it, e.g. latest-linux.yml. */
  fileName: string;
  /** Its text as served. */
  text: string | null;
  /** The text of `<fileName>.sig` as served. */
  signature: string | null;
}

/** Whether `file` is signed by `publicKey` (fleet.configPublicKey); never throws. */
export function checkFeedFile(file: FeedFile, publicKey: string | KeyObject): FeedCheck {
  const key = typeof publicKey === 'string' ? publicKeyFromRaw(publicKey) : publicKey;
  if (!key) return { ok: false, reason: 'no key to check the feed with (fleet.configPublicKey)' };
  if (!CHANNEL_FILE.test(file.fileName)) {
    return { ok: false, reason: 'the feed asked for a file that is not a channel file' };
  }
  if (file.text === null || file.text === '') {
    return { ok: false, reason: `${file.fileName} is empty` };
  }
  const bytes = new TextEncoder().encode(file.text);
  if (bytes.length > MAX_FEED_FILE_BYTES) {
    return { ok: false, reason: `${file.fileName} is too large to be a channel file` };
  }
  const signatureText = file.signature ?? '';
  const line =
    signatureText.length <= MAX_FEED_SIGNATURE_CHARS ? SIGNATURE_LINE.exec(signatureText) : null;
  if (!line?.[1]) {
    return { ok: false, reason: `${file.fileName}${FEED_SIGNATURE_SUFFIX} is not a signature` };
  }
  if (!verifyBytes(key, feedSignedBytes(file.fileName, bytes), line[1])) {
    return { ok: false, reason: `${file.fileName} is not signed by the fleet's key` };
  }
  return { ok: true };
}
