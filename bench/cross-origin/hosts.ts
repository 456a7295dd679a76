/**
 * Where `--cross-origin` sends the catalogue: the host both shops call as deployed
 * (QuicKCart hard-codes it; our web build calls it by default), resolved by Chromium to the
 * bench's local HTTPS server, whose self-signed key Chromium is told to accept by its hash.
 */
import { DEFAULT_WEB_CATALOGUE_URL } from '../../shared/catalogue-url';

/** The catalogue's origin, as both builds call it. Its images are served from it too. */
export const CATALOGUE_ORIGIN = DEFAULT_WEB_CATALOGUE_URL;
export const CATALOGUE_HOST = new URL(CATALOGUE_ORIGIN).hostname;

/**
 * Chromium's switches for the run: every host in `hosts` resolved to 127.0.0.1:`port`, and
 * a certificate with public key `spki` accepted for them (no other certificate error is).
 */
export function crossOriginChromiumArgs(
  hosts: readonly string[],
  port: number,
  spki: string,
): string[] {
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`not a port: ${port}`);
  }
  if (!/^[A-Za-z0-9+/]{43}=$/.test(spki)) throw new Error(`not a base64 SHA-256: "${spki}"`);
  return [
    `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(', ')}`,
    `--ignore-certificate-errors-spki-list=${spki}`,
  ];
}
