/**
 * How an enrolled kiosk signs a request to the shop service: with its receipt key (the one
 * its certificate names), over a text that binds the fleet, the method, the path with its
 * query, the kiosk, the certificate, the time and the SHA-256 of the body. A captured
 * request therefore verifies only as that request: not on another path or method, not with
 * another body, not in another fleet, and not once its time is more than
 * KIOSK_REQUEST_MAX_SKEW_MS away from the service's clock.
 *
 * The text starts with a label and line breaks, which a receipt's signed JSON never does,
 * so a request signature never passes for a receipt, nor a receipt for a request.
 * Hashing and signing are the caller's (node:crypto in the kiosk and the service): this
 * file only says what is signed and where it travels.
 */

/** The request headers (lower case, as HTTP/2 and fetch's Headers write them). */
export const KIOSK_REQUEST_HEADERS = {
  kiosk: 'shop-kiosk',
  /** The serial of the certificate whose key signed. */
  certificate: 'shop-certificate',
  /** ms since the epoch, as a decimal integer. */
  time: 'shop-time',
  /** base64url Ed25519 signature over kioskRequestText. */
  signature: 'shop-signature',
} as const;

export const KIOSK_REQUEST_LABEL = 'kiosk-shop request v1';

/** How far a request's time may be from the service's clock, either way. */
export const KIOSK_REQUEST_MAX_SKEW_MS = 5 * 60_000;

export interface KioskRequestFields {
  /** The fleet's topic prefix. */
  fleet: string;
  method: string;
  /** The path and query as sent, e.g. `/orders` or `/orders?x=1`. */
  path: string;
  kioskId: string;
  serial: string;
  time: number;
  /** base64url (unpadded) SHA-256 of the body's bytes; of no bytes for a request without one. */
  bodyHash: string;
}

/** The text a kiosk signs for a request, one field a line. */
export function kioskRequestText(fields: KioskRequestFields): string {
  return [
    KIOSK_REQUEST_LABEL,
    fields.fleet,
    fields.method.toUpperCase(),
    fields.path,
    fields.kioskId,
    fields.serial,
    String(fields.time),
    fields.bodyHash,
  ].join('\n');
}
