/**
 * What the operator's approval and revocation publish: a certificate signed in this page
 * with the session's enrolment key, retained at `P/kiosks/ID/certificates/SERIAL`; and the
 * next revocation list (every earlier entry, one version up), retained at
 * `P/fleet/revocations`. Both are signed over canonical JSON that names the fleet.
 */
import { toBase64Url } from '@shared/fleet/base64url';
import { signCertificate, type EnrolmentRequest } from '@shared/fleet/trust/kiosk-certificate';
import {
  nextRevocationList,
  signRevocationList,
  type RevocationList,
} from '@shared/fleet/trust/revocation-list';
import { certificateTopic, revocationsTopic } from '@shared/fleet/trust/trust-topics';
import type { BrokerSession } from '../connection/broker-session-handle';
import type { WebCryptoKeys } from './signing-key';

export interface Signing {
  session: Pick<BrokerSession, 'prefix' | 'publish'>;
  key: CryptoKey;
  subtle: WebCryptoKeys;
  now?: () => number;
}

/** 16 random bytes, base64url: two consoles never pick the same serial. */
export function newSerial(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

export async function approve(
  { session, key, subtle, now = Date.now }: Signing,
  request: EnrolmentRequest,
  store: string,
  /** The store's region, a group id; '' names none. */
  region = '',
): Promise<string> {
  const serial = newSerial();
  const envelope = await signCertificate(
    {
      fleet: session.prefix,
      kioskId: request.kioskId,
      publicKey: request.publicKey,
      store,
      ...(region === '' ? {} : { region }),
      issuedAt: now(),
      serial,
    },
    key,
    subtle,
  );
  await session.publish(
    certificateTopic(session.prefix, request.kioskId, serial),
    JSON.stringify(envelope),
    { retain: true },
  );
  return serial;
}

/** Publishes the list after `current` (the highest this console verified) with one more entry. */
export async function revoke(
  { session, key, subtle, now = Date.now }: Signing,
  current: RevocationList | null,
  certificate: { kioskId: string; serial: string },
): Promise<RevocationList> {
  const at = now();
  const entry = { kioskId: certificate.kioskId, serial: certificate.serial, revokedAt: at };
  const next = nextRevocationList(current, session.prefix, [entry], at);
  const envelope = await signRevocationList(next, key, subtle);
  await session.publish(revocationsTopic(session.prefix), JSON.stringify(envelope), {
    retain: true,
  });
  return next;
}
