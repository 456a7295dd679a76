/**
 * A request to the shop service signed as an enrolled kiosk signs it
 * (shared/fleet/trust/kiosk-request-signature.ts): the receipt key signs the fleet, method, path,
 * kiosk, certificate serial, time and the SHA-256 of the body, and the headers carry what
 * the service needs to check it. The key itself stays with whoever holds it: this module
 * gets only its sign function.
 */
import { createHash } from 'node:crypto';
import type { CertificateEnvelope } from '../../shared/fleet/trust/kiosk-certificate';
import {
  KIOSK_REQUEST_HEADERS,
  kioskRequestText,
} from '../../shared/fleet/trust/kiosk-request-signature';

/** What a kiosk signs its requests with. */
export interface KioskRequestCredentials {
  kioskId: string;
  /** The fleet's topic prefix, which the service checks certificates against. */
  fleet: string;
  /** The operator's certificate for the receipt key, while one is in force; else null. */
  certificate(): CertificateEnvelope | null;
  /** The receipt key's Ed25519 signature over `bytes`. */
  sign(bytes: Uint8Array): Uint8Array;
}

export interface KioskRequest {
  method: string;
  /** The path and query as sent, e.g. `/orders`. */
  path: string;
  body: string;
}

/** The signature headers of `request` under `certificate`, dated `time` (ms). */
export function kioskRequestHeaders(
  credentials: Pick<KioskRequestCredentials, 'kioskId' | 'fleet' | 'sign'>,
  certificate: CertificateEnvelope,
  request: KioskRequest,
  time: number,
): Record<string, string> {
  const serial = certificate.certificate.serial;
  const text = kioskRequestText({
    fleet: credentials.fleet,
    method: request.method,
    path: request.path,
    kioskId: credentials.kioskId,
    serial,
    time,
    bodyHash: createHash('sha256').update(request.body).digest('base64url'),
  });
  const signature = credentials.sign(new TextEncoder().encode(text));
  return {
    [KIOSK_REQUEST_HEADERS.kiosk]: credentials.kioskId,
    [KIOSK_REQUEST_HEADERS.certificate]: serial,
    [KIOSK_REQUEST_HEADERS.time]: String(time),
    [KIOSK_REQUEST_HEADERS.signature]: Buffer.from(signature).toString('base64url'),
  };
}
