/**
 * The enrolled kiosks' certificates, each revocable (with a reason staff will read), what
 * the shop service holds of them, and how fresh this console's copy of its revocations is.
 */
import { useId, useState } from 'react';
import type { KioskCertificate } from '@shared/fleet/trust/kiosk-certificate';
import type { Revocation } from '@shared/fleet/trust/revocation-record';
import { formatClock } from '../lib/format';
import type { EnrolledRow } from './enrolment-rows';

/** What the console knows of the shop service's revocations and certificates. */
export interface ServiceRecordsSummary {
  revocations: number;
  /** When they were last read from the service; null: never (not signed in, or unreachable). */
  fetchedAt: number | null;
  problem: string | null;
  /** Verified certificates on the broker that the service does not hold (its counters refuse them). */
  notAtService: number;
}

const DEFAULT_REASON = 'kiosk replaced or lost';

function EnrolledKiosk({
  certificate,
  revoked,
  canSign,
  onRevoke,
}: {
  certificate: KioskCertificate;
  revoked: Revocation | null;
  canSign: boolean;
  onRevoke: (reason: string) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState(DEFAULT_REASON);
  return (
    <tr className="border-t border-slate-100 align-top">
      <th scope="row" className="py-3 pr-4 text-left font-mono font-semibold">
        {certificate.kioskId}
      </th>
      <td className="hidden py-3 pr-4 sm:table-cell">{certificate.store}</td>
      <td className="hidden py-3 pr-4 whitespace-nowrap sm:table-cell">
        {formatClock(certificate.issuedAt)}
      </td>
      <td className="hidden py-3 pr-4 font-mono text-sm break-all md:table-cell">
        {certificate.serial}
      </td>
      <td className="py-3">
        {revoked !== null ? (
          <span className="font-semibold text-sale-700">
            Revoked {formatClock(revoked.revokedAt)} ({revoked.reason})
          </span>
        ) : confirming ? (
          <span className="flex flex-wrap items-center gap-2">
            <input
              className="field w-52"
              aria-label={`Reason for revoking ${certificate.serial}`}
              value={reason}
              maxLength={200}
              onChange={(event) => setReason(event.target.value)}
            />
            <button
              type="button"
              className="btn-primary bg-sale-700 hover:bg-sale-700"
              disabled={reason.trim() === ''}
              onClick={() => void onRevoke(reason.trim()).finally(() => setConfirming(false))}
            >
              Revoke now
            </button>
            <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="btn-secondary"
            disabled={!canSign}
            onClick={() => setConfirming(true)}
            aria-label={`Revoke certificate ${certificate.serial} of ${certificate.kioskId}`}
          >
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}

export function CertificateList({
  enrolled,
  service,
  unverified,
  canSign,
  onRevoke,
  onSendMissing,
}: {
  enrolled: readonly EnrolledRow[];
  service: ServiceRecordsSummary;
  /** Certificates on the broker that do not verify under the pinned key. */
  unverified: number;
  canSign: boolean;
  onRevoke: (certificate: KioskCertificate, reason: string) => Promise<void>;
  /** Posts the verified certificates the shop service lacks. */
  onSendMissing: () => void;
}) {
  const id = useId();
  const { revocations, fetchedAt, problem, notAtService } = service;
  return (
    <section aria-labelledby={`${id}-enrolled`} className="card p-5">
      <h2 id={`${id}-enrolled`} className="text-lg font-bold">
        Certificates ({enrolled.length})
      </h2>
      <p className="text-sm text-muted">
        {fetchedAt === null
          ? 'The shop service’s revocations have not been read yet.'
          : `${revocations} revocation${revocations === 1 ? '' : 's'} at the shop service, verified (read ${formatClock(fetchedAt)}).`}
        {problem !== null && ` Not up to date: ${problem}.`}
        {unverified > 0 &&
          ` ${unverified} certificate${unverified === 1 ? '' : 's'} on the broker do not verify under the pinned key and are ignored.`}
      </p>
      {notAtService > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 p-3 text-amber-900">
          <p>
            The shop service does not hold {notAtService} of these certificate
            {notAtService === 1 ? '' : 's'}: counters refuse those kiosks’ receipts until it does.
          </p>
          <button type="button" className="btn-secondary" onClick={onSendMissing}>
            Send {notAtService === 1 ? 'it' : 'them'} to the shop service
          </button>
        </div>
      )}
      {enrolled.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Kiosk certificates</caption>
            <thead className="text-sm text-muted">
              <tr>
                <th scope="col" className="pb-2 pr-4 font-semibold">
                  Kiosk
                </th>
                <th scope="col" className="hidden pb-2 pr-4 font-semibold sm:table-cell">
                  Store
                </th>
                <th scope="col" className="hidden pb-2 pr-4 font-semibold sm:table-cell">
                  Issued
                </th>
                <th scope="col" className="hidden pb-2 pr-4 font-semibold md:table-cell">
                  Serial
                </th>
                <th scope="col" className="pb-2 font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {enrolled.map(({ certificate, revoked }) => (
                <EnrolledKiosk
                  key={`${certificate.kioskId}/${certificate.serial}`}
                  certificate={certificate}
                  revoked={revoked}
                  canSign={canSign}
                  onRevoke={(reason) => onRevoke(certificate, reason)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
