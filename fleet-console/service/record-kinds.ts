/**
 * The two kinds of signed record the console keeps a copy of (kept-records.ts): the
 * operator's revocations and the kiosks' certificates. Each is verified in this page, under
 * the enrolment key pinned in it, before it counts: the service is trusted to answer, not
 * to vouch for a record.
 */
import type { z } from 'zod';
import {
  certificateEnvelopeSchema,
  checkCertificate,
  type CertificateEnvelope,
} from '@shared/fleet/trust/kiosk-certificate';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import {
  checkRevocationRecord,
  revocationRecordSchema,
  type RevocationRecord,
} from '@shared/fleet/trust/revocation-record';
import {
  certificatesAnswerSchema,
  MAX_CERTIFICATES,
  MAX_REVOCATION_RECORDS,
  readAnswer,
  revocationsAnswerSchema,
} from './service-answers';

export interface RecordKind<T> {
  /** localStorage key of the kept copy. */
  storageKey: string;
  /** GET path at the service. */
  path: string;
  itemSchema: z.ZodType<T>;
  max: number;
  /** The items of the service's answer, or null when it is not one. */
  itemsOf: (body: unknown) => T[] | null;
  /** Two items with the same id are the same record. */
  idOf: (item: T) => string;
  verify: (
    item: T,
    place: { prefix: string; key: string },
    subtle: Ed25519Verifier<CryptoKey>,
  ) => Promise<boolean>;
}

export const REVOCATION_RECORDS: RecordKind<RevocationRecord> = {
  storageKey: 'fleet-console.revocation-records',
  path: '/revocations',
  itemSchema: revocationRecordSchema,
  max: MAX_REVOCATION_RECORDS,
  itemsOf: (body) => readAnswer(revocationsAnswerSchema, body)?.revocations ?? null,
  idOf: (record) => `${record.revocation.kioskId}/${record.revocation.serial}`,
  verify: (record, { prefix, key }, subtle) =>
    checkRevocationRecord(record, prefix, key, subtle).catch(() => false),
};

export const CERTIFICATE_RECORDS: RecordKind<CertificateEnvelope> = {
  storageKey: 'fleet-console.certificates',
  path: '/certificates',
  itemSchema: certificateEnvelopeSchema,
  max: MAX_CERTIFICATES,
  itemsOf: (body) => readAnswer(certificatesAnswerSchema, body)?.certificates ?? null,
  idOf: (envelope) => `${envelope.certificate.kioskId}/${envelope.certificate.serial}`,
  verify: async (envelope, { prefix, key }, subtle) => {
    const place = { prefix, kioskId: envelope.certificate.kioskId };
    try {
      return (await checkCertificate(envelope, place, key, subtle)).ok;
    } catch {
      return false;
    }
  },
};
