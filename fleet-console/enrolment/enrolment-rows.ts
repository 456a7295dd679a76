/**
 * The enrolment view's rows, from what the broker holds (trust-state.ts), the shop
 * service's revocations and what this console verified: the kiosks that wait (their key
 * has no valid certificate), and every certificate that verifies under the pinned key, with
 * its revocation if any. Pure, so it is tested alone.
 */
import type {
  CertificateEnvelope,
  EnrolmentRequest,
  KioskCertificate,
} from '@shared/fleet/trust/kiosk-certificate';
import {
  revocationFor,
  type Revocation,
  type RevocationRecord,
} from '@shared/fleet/trust/revocation-record';

export interface WaitingRow {
  request: EnrolmentRequest;
  /** The key had a certificate that was revoked: it must not be enrolled again. */
  revokedKey: boolean;
}

export interface EnrolledRow {
  certificate: KioskCertificate;
  revoked: Revocation | null;
}

export interface EnrolmentRows {
  waiting: WaitingRow[];
  enrolled: EnrolledRow[];
  /** Certificates on the broker that do not verify under the pinned key. */
  unverified: number;
}

export const certificateId = (kioskId: string, serial: string): string => `${kioskId}/${serial}`;

export function enrolmentRows(
  requests: ReadonlyMap<string, EnrolmentRequest>,
  certificates: ReadonlyMap<string, ReadonlyMap<string, CertificateEnvelope>>,
  /** certificateId()s that verified under the pinned key for this fleet. */
  verified: ReadonlySet<string>,
  /** The shop service's revocations, each verified under the pinned key. */
  revocations: readonly RevocationRecord[],
): EnrolmentRows {
  const enrolled: EnrolledRow[] = [];
  let unverified = 0;
  for (const [kioskId, bySerial] of certificates) {
    for (const [serial, envelope] of bySerial) {
      if (!verified.has(certificateId(kioskId, serial))) {
        unverified += 1;
        continue;
      }
      enrolled.push({
        certificate: envelope.certificate,
        revoked: revocationFor(revocations, kioskId, serial)?.revocation ?? null,
      });
    }
  }
  enrolled.sort(
    (a, b) =>
      a.certificate.kioskId.localeCompare(b.certificate.kioskId) ||
      b.certificate.issuedAt - a.certificate.issuedAt,
  );
  const waiting: WaitingRow[] = [];
  for (const request of requests.values()) {
    const sameKey = enrolled.filter(
      (row) =>
        row.certificate.kioskId === request.kioskId &&
        row.certificate.publicKey === request.publicKey,
    );
    if (sameKey.some((row) => row.revoked === null)) continue;
    waiting.push({ request, revokedKey: sameKey.length > 0 });
  }
  waiting.sort((a, b) => a.request.requestedAt - b.request.requestedAt);
  return { waiting, enrolled, unverified };
}

/**
 * Verified certificates on the broker that the shop service does not hold (enrolled before
 * it ran, or its answer was lost): counters refuse those kiosks' receipts until it does.
 * Any copy will do, since the service checks the signature itself.
 */
export function missingAtService(
  certificates: ReadonlyMap<string, ReadonlyMap<string, CertificateEnvelope>>,
  /** certificateId()s that verified under the pinned key for this fleet. */
  verified: ReadonlySet<string>,
  atService: readonly CertificateEnvelope[],
): CertificateEnvelope[] {
  const held = new Set(
    atService.map(({ certificate }) => certificateId(certificate.kioskId, certificate.serial)),
  );
  return [...certificates.values()].flatMap((bySerial) =>
    [...bySerial.values()].filter(({ certificate }) => {
      const id = certificateId(certificate.kioskId, certificate.serial);
      return verified.has(id) && !held.has(id);
    }),
  );
}
