/**
 * The enrolled kiosks' certificates, each revocable, and what is known of the revocation
 * list: its version, and whether the broker offers an older one or one that does not verify.
 */
import { useId, useState } from 'react';
import type { KioskCertificate } from '@shared/fleet/trust/kiosk-certificate';
import { formatClock } from '../lib/format';
import type { VerifiedRevocations } from '../trust/trust-store';
import type { EnrolledRow } from './enrolment-rows';

function EnrolledKiosk({
  certificate,
  revokedAt,
  listVersion,
  canSign,
  onRevoke,
}: {
  certificate: KioskCertificate;
  revokedAt: number | null;
  listVersion: number;
  canSign: boolean;
  onRevoke: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
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
        {revokedAt !== null ? (
          <span className="font-semibold text-sale-700">
            Revoked {formatClock(revokedAt)} (list v{listVersion})
          </span>
        ) : confirming ? (
          <span className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary bg-sale-700 hover:bg-sale-700"
              onClick={() => void onRevoke().finally(() => setConfirming(false))}
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
  revocations,
  unverified,
  canSign,
  onRevoke,
}: {
  enrolled: readonly EnrolledRow[];
  revocations: VerifiedRevocations;
  /** Certificates on the broker that do not verify under the pinned key. */
  unverified: number;
  canSign: boolean;
  onRevoke: (certificate: KioskCertificate) => Promise<void>;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-enrolled`} className="card p-5">
      <h2 id={`${id}-enrolled`} className="text-lg font-bold">
        Certificates ({enrolled.length})
      </h2>
      <p className="text-sm text-muted">
        {revocations.list
          ? `Revocation list version ${revocations.list.version}, verified.`
          : 'No revocation list yet.'}
        {revocations.olderOnBroker !== null &&
          ` The broker now offers version ${revocations.olderOnBroker}, older than the one kept here: someone replaced it. Counters keep the newer one.`}
        {revocations.refused &&
          ' The revocation list on the broker does not verify under the pinned key.'}
        {unverified > 0 &&
          ` ${unverified} certificate${unverified === 1 ? '' : 's'} on the broker do not verify under the pinned key and are ignored.`}
      </p>
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
                  revokedAt={revoked?.revokedAt ?? null}
                  listVersion={revocations.list?.version ?? 0}
                  canSign={canSign}
                  onRevoke={() => onRevoke(certificate)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
