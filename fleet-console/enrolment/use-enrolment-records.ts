import { useMemo, useState } from 'react';
import type { ConsoleSettings } from '../connection/console-settings';
import { pageSubtle } from '../lib/page-crypto';
import { CERTIFICATE_RECORDS, REVOCATION_RECORDS } from '../service/record-kinds';
import { useKeptRecords } from '../service/use-kept-records';
import { useTrustStore } from '../trust/trust-store';
import { enrolmentRows, missingAtService } from './enrolment-rows';
import { useVerifiedCertificates } from './use-verified-certificates';

/**
 * What the enrolment view shows, from the broker (requests, certificates, each verified
 * here) and from the shop service (its revocations and the certificates it holds, each
 * verified here too): the rows, and the verified certificates the service still lacks.
 */
export function useEnrolmentRecords(settings: ConsoleSettings) {
  const trust = useTrustStore((state) => state.trust);
  const pinned = settings.enrolmentPublicKey.trim();
  const [subtle] = useState(pageSubtle);
  const revocations = useKeptRecords(REVOCATION_RECORDS, settings.topicPrefix, pinned, subtle);
  const atService = useKeptRecords(CERTIFICATE_RECORDS, settings.topicPrefix, pinned, subtle);
  const verified = useVerifiedCertificates(
    trust.certificates,
    settings.topicPrefix,
    pinned,
    subtle,
  );
  const rows = useMemo(
    () => enrolmentRows(trust.requests, trust.certificates, verified, revocations.items),
    [trust.requests, trust.certificates, verified, revocations.items],
  );
  const missing = useMemo(
    () =>
      atService.fetchedAt === null
        ? []
        : missingAtService(trust.certificates, verified, atService.items),
    [atService.items, atService.fetchedAt, trust.certificates, verified],
  );
  // Those the session's gate refused are never kept; those kept are checked again here.
  const unverified = rows.unverified + trust.unverified.size;
  return { rows, unverified, revocations, atService, missing };
}
