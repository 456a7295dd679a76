/**
 * The kiosk's enrolment on disk (`<userData>/fleet-enrolment.json`, mode 0600): the
 * certificates for its key and the newest revocation list it verified, so an enrolled
 * kiosk signs receipts from its first shopper on, before the broker answers. The file
 * holds the signed messages themselves, checked again at every start against
 * fleet.enrolmentPublicKey, so editing it gains nothing. A missing or unreadable file is
 * no enrolment, never an error.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { certificateEnvelopeSchema } from '../../shared/fleet/trust/kiosk-certificate';
import { revocationEnvelopeSchema } from '../../shared/fleet/trust/revocation-list';
import type { FleetLog } from '../fleet-log';
import { MAX_OWN_CERTIFICATES, type EnrolmentStore, type StoredEnrolment } from './enrolment';
import { privateRecordFile } from './private-record-file';

export const ENROLMENT_FILE = 'fleet-enrolment.json';

const storedSchema = z.strictObject({
  certificates: z.array(certificateEnvelopeSchema).max(MAX_OWN_CERTIFICATES),
  revocations: revocationEnvelopeSchema.nullable(),
});

const NONE: StoredEnrolment = { certificates: [], revocations: null };

export function fileEnrolmentStore(userDataDir: string, log: FleetLog): EnrolmentStore {
  return privateRecordFile({
    path: join(userDataDir, ENROLMENT_FILE),
    schema: storedSchema,
    empty: () => ({ ...NONE }),
    what: 'an enrolment record',
    log,
  });
}
