/** What the operator is told once an approval or a revocation is done, in full. */
import type { Approved, Revoked } from './enrolment-actions';

export function approvedNote(kioskId: string, approved: Approved): string {
  const done = `Enrolled ${kioskId} (certificate ${approved.serial})`;
  return approved.atService === null
    ? `${done}.`
    : `${done}, but the shop service did not keep its certificate (${approved.atService}): counters refuse its receipts until it does. Send it again below.`;
}

export function revokedNote(
  certificate: { kioskId: string; serial: string },
  revoked: Revoked,
): string {
  const done = `Revoked certificate ${certificate.serial} of ${certificate.kioskId} at the shop service: counters refuse its receipts from now on`;
  return revoked.kiosks.told
    ? `${done}; the kiosks were told (list of ${revoked.kiosks.version}).`
    : `${done}. The kiosks could not be told over the broker (${revoked.kiosks.why}); they are with the next revocation.`;
}
